/** Answers of the sign-in calls for tests, checked with the same schemas the client uses. */
import { create } from 'superstruct';
import { SendCodeAnswer, SignedInAnswer } from '@tours/shared/api';

/** An answer of register-without-password / send-auth-code. */
export const sendAnswer = (over: Partial<SendCodeAnswer> = {}): SendCodeAnswer =>
  create(
    {
      is_bot: false,
      verification_methods: [{ type: 'sms', is_default: true }, { type: 'telegram', is_default: false }],
      masked_email: null,
      is_registered: true,
      error: null,
      is_verification_code_sent: true,
      token: null,
      profile: null,
      ...over,
    },
    SendCodeAnswer,
  );

/** An answer of auth-via-code. */
export const signedInAnswer = (over: Partial<SignedInAnswer> = {}): SignedInAnswer =>
  create(
    {
      token: 'tok-123',
      profile: {
        id: 42, first_name: 'Anna', last_name: 'Ivanova', email: null, is_email_set: false, phone: '+79991234567', country: null, language: 'en', currency: 'USD', is_admin_auth: false,
      },
      favourites_tours_ids: [3409, 15],
      ...over,
    },
    SignedInAnswer,
  );
