/**
 * The steps of changing an e-mail or a phone (accounts-and-comms §2 'Profile and account settings', §7): the value
 * shown, the new one typed, then the code sent to it (through a channel the server offers, for a phone) until it is
 * confirmed. A pure reducer: the sections wire it to the calls.
 */
import { AUTH_CODE_RESEND_SECONDS, type CodeSender, type VerificationMethod } from '@tours/shared/api';

/** Which call sends the code again: the change (to the new value) or the confirmation request (the account's own). */
type Resend = 'change' | 'request';

export type ContactStep =
  | { step: 'view' }
  | { step: 'edit' }
  | {
      step: 'code';
      destination: string;
      resend: Resend;
      methods: readonly VerificationMethod[];
      sender: CodeSender | null;
      /** Seconds until the code may be sent again (§9: 60, ticking every second). */
      secondsLeft: number;
      /** Codes sent so far: a new one restarts the countdown's clock. */
      sends: number;
    };

export type ContactAction =
  | { type: 'edit' }
  | { type: 'cancel' }
  /** A code went to `destination` (through `sender` when known). */
  | { type: 'codeSent'; destination: string; resend: Resend; sender?: CodeSender }
  /** The channels the server offers for the code (phone-confirmation-methods); the number it names wins. */
  | { type: 'methods'; methods: readonly VerificationMethod[]; destination: string | null }
  /** A new code went through another channel. */
  | { type: 'channel'; sender: CodeSender }
  | { type: 'confirmed' }
  /** A second of the resend countdown went by. */
  | { type: 'tick' };

export const CONTACT_VIEW: ContactStep = { step: 'view' };

export function contactReducer(state: ContactStep, action: ContactAction): ContactStep {
  switch (action.type) {
    case 'edit':
      return state.step === 'view' ? { step: 'edit' } : state;
    case 'cancel':
    case 'confirmed':
      return CONTACT_VIEW;
    case 'codeSent':
      // Sent again from the code step: the channels and the channel stay.
      return state.step === 'code'
        ? { ...state, destination: action.destination, resend: action.resend, sender: action.sender ?? state.sender, secondsLeft: AUTH_CODE_RESEND_SECONDS, sends: state.sends + 1 }
        : { step: 'code', destination: action.destination, resend: action.resend, methods: [], sender: action.sender ?? null, secondsLeft: AUTH_CODE_RESEND_SECONDS, sends: 1 };
    case 'methods': {
      if (state.step !== 'code') return state;
      // The channel the code went through stays; else the server's default, else its first.
      const sender = state.sender ?? action.methods.find((m) => m.is_default)?.type ?? action.methods[0]?.type ?? null;
      return { ...state, methods: action.methods, sender, destination: action.destination || state.destination };
    }
    case 'channel':
      // A code went through another channel: the countdown starts again.
      return state.step === 'code' ? { ...state, sender: action.sender, secondsLeft: AUTH_CODE_RESEND_SECONDS, sends: state.sends + 1 } : state;
    case 'tick':
      return state.step === 'code' && state.secondsLeft > 0 ? { ...state, secondsLeft: state.secondsLeft - 1 } : state;
    default:
      return state;
  }
}
