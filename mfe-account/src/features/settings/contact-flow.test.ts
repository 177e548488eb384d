import { CONTACT_VIEW, contactReducer, type ContactAction, type ContactStep } from './contact-flow';

const run = (actions: ContactAction[], from: ContactStep = CONTACT_VIEW): ContactStep => actions.reduce(contactReducer, from);
const sms = { type: 'sms', is_default: true } as const;
const whatsapp = { type: 'whatsapp', is_default: false } as const;

describe('changing an e-mail or a phone', () => {
  test.each<[string, ContactAction[], ContactStep]>([
    ['starts on the view', [], { step: 'view' }],
    ['change → the form', [{ type: 'edit' }], { step: 'edit' }],
    ['cancel → the view', [{ type: 'edit' }, { type: 'cancel' }], { step: 'view' }],
    ['a code sent → the code step', [{ type: 'edit' }, { type: 'codeSent', destination: 'new@example.com', resend: 'change' }], { step: 'code', destination: 'new@example.com', resend: 'change', methods: [], sender: null }],
    ['the channels: the server default', [{ type: 'codeSent', destination: '+4930', resend: 'change' }, { type: 'methods', methods: [whatsapp, sms], destination: '+4930123' }], { step: 'code', destination: '+4930123', resend: 'change', methods: [whatsapp, sms], sender: 'sms' }],
    ['the channels: the first when none is the default', [{ type: 'codeSent', destination: '+4930', resend: 'change' }, { type: 'methods', methods: [{ ...whatsapp }], destination: null }], { step: 'code', destination: '+4930', resend: 'change', methods: [whatsapp], sender: 'whatsapp' }],
    ['the channel the code went through stays', [{ type: 'codeSent', destination: '+4930', resend: 'change', sender: 'whatsapp' }, { type: 'methods', methods: [sms, whatsapp], destination: null }], { step: 'code', destination: '+4930', resend: 'change', methods: [sms, whatsapp], sender: 'whatsapp' }],
    ['another channel chosen', [{ type: 'codeSent', destination: '+4930', resend: 'change' }, { type: 'methods', methods: [sms, whatsapp], destination: null }, { type: 'channel', sender: 'whatsapp' }], { step: 'code', destination: '+4930', resend: 'change', methods: [sms, whatsapp], sender: 'whatsapp' }],
    ['a code sent again keeps the channels', [{ type: 'codeSent', destination: '+4930', resend: 'change' }, { type: 'methods', methods: [sms, whatsapp], destination: null }, { type: 'codeSent', destination: '+4930', resend: 'change' }], { step: 'code', destination: '+4930', resend: 'change', methods: [sms, whatsapp], sender: 'sms' }],
    ['confirmed → the view', [{ type: 'codeSent', destination: 'a@b.cd', resend: 'request' }, { type: 'confirmed' }], { step: 'view' }],
    ['channels outside the code step do nothing', [{ type: 'methods', methods: [sms], destination: '+4930' }, { type: 'channel', sender: 'sms' }], { step: 'view' }],
    ['change only from the view', [{ type: 'codeSent', destination: 'a@b.cd', resend: 'request' }, { type: 'edit' }], { step: 'code', destination: 'a@b.cd', resend: 'request', methods: [], sender: null }],
  ])('%s', (_name, actions, expected) => expect(run(actions)).toEqual(expected));
});
