import { CONTACT_VIEW, contactReducer, type ContactAction, type ContactStep } from './contact-flow';

const run = (actions: ContactAction[], from: ContactStep = CONTACT_VIEW): ContactStep => actions.reduce(contactReducer, from);
const sms = { type: 'sms', is_default: true } as const;
const whatsapp = { type: 'whatsapp', is_default: false } as const;

describe('changing an e-mail or a phone', () => {
  test.each<[string, ContactAction[], ContactStep]>([
    ['starts on the view', [], { step: 'view' }],
    ['change → the form', [{ type: 'edit' }], { step: 'edit' }],
    ['cancel → the view', [{ type: 'edit' }, { type: 'cancel' }], { step: 'view' }],
    ['a code sent → the code step', [{ type: 'edit' }, { type: 'codeSent', destination: 'new@example.com', resend: 'change' }], { step: 'code', destination: 'new@example.com', resend: 'change', methods: [], sender: null, secondsLeft: 60, sends: 1 }],
    ['the channels: the server default', [{ type: 'codeSent', destination: '+4930', resend: 'change' }, { type: 'methods', methods: [whatsapp, sms], destination: '+4930123' }], { step: 'code', destination: '+4930123', resend: 'change', methods: [whatsapp, sms], sender: 'sms', secondsLeft: 60, sends: 1 }],
    ['the channels: the first when none is the default', [{ type: 'codeSent', destination: '+4930', resend: 'change' }, { type: 'methods', methods: [{ ...whatsapp }], destination: null }], { step: 'code', destination: '+4930', resend: 'change', methods: [whatsapp], sender: 'whatsapp', secondsLeft: 60, sends: 1 }],
    ['the channel the code went through stays', [{ type: 'codeSent', destination: '+4930', resend: 'change', sender: 'whatsapp' }, { type: 'methods', methods: [sms, whatsapp], destination: null }], { step: 'code', destination: '+4930', resend: 'change', methods: [sms, whatsapp], sender: 'whatsapp', secondsLeft: 60, sends: 1 }],
    ['another channel chosen', [{ type: 'codeSent', destination: '+4930', resend: 'change' }, { type: 'methods', methods: [sms, whatsapp], destination: null }, { type: 'channel', sender: 'whatsapp' }], { step: 'code', destination: '+4930', resend: 'change', methods: [sms, whatsapp], sender: 'whatsapp', secondsLeft: 60, sends: 2 }],
    ['a code sent again keeps the channels', [{ type: 'codeSent', destination: '+4930', resend: 'change' }, { type: 'methods', methods: [sms, whatsapp], destination: null }, { type: 'codeSent', destination: '+4930', resend: 'change' }], { step: 'code', destination: '+4930', resend: 'change', methods: [sms, whatsapp], sender: 'sms', secondsLeft: 60, sends: 2 }],
    ['confirmed → the view', [{ type: 'codeSent', destination: 'a@b.cd', resend: 'request' }, { type: 'confirmed' }], { step: 'view' }],
    ['channels outside the code step do nothing', [{ type: 'methods', methods: [sms], destination: '+4930' }, { type: 'channel', sender: 'sms' }], { step: 'view' }],
    ['change only from the view', [{ type: 'codeSent', destination: 'a@b.cd', resend: 'request' }, { type: 'edit' }], { step: 'code', destination: 'a@b.cd', resend: 'request', methods: [], sender: null, secondsLeft: 60, sends: 1 }],
  ])('%s', (_name, actions, expected) => expect(run(actions)).toEqual(expected));

  const ticks = (n: number): ContactAction[] => Array.from({ length: n }, () => ({ type: 'tick' }) as const);
  test.each<[string, ContactAction[], number]>([
    ['the resend countdown starts at 60 s', [{ type: 'codeSent', destination: 'a@b.cd', resend: 'change' }], 60],
    ['it ticks a second at a time', [{ type: 'codeSent', destination: 'a@b.cd', resend: 'change' }, ...ticks(3)], 57],
    ['it stops at 0', [{ type: 'codeSent', destination: 'a@b.cd', resend: 'change' }, ...ticks(75)], 0],
    ['a code sent again starts it over', [{ type: 'codeSent', destination: 'a@b.cd', resend: 'change' }, ...ticks(60), { type: 'codeSent', destination: 'a@b.cd', resend: 'change' }], 60],
    ['another channel starts it over', [{ type: 'codeSent', destination: '+4930', resend: 'change' }, ...ticks(45), { type: 'channel', sender: 'whatsapp' }], 60],
    ['the channels arriving do not', [{ type: 'codeSent', destination: '+4930', resend: 'change' }, ...ticks(5), { type: 'methods', methods: [sms], destination: null }], 55],
  ])('%s', (_name, actions, seconds) => {
    const state = run(actions);
    expect(state.step === 'code' && state.secondsLeft).toBe(seconds);
  });

  test('a tick outside the code step does nothing', () => expect(run(ticks(2))).toEqual(CONTACT_VIEW));
});
