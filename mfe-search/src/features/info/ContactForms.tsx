import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { appConfigAtom, countryAtom, localeAtom, sessionAtom, useHost } from '@tours/shared/core';
import { COOKIES, type HostContext, type ModalContentProps } from '@tours/shared/contract';
import { applyServerErrors, SubmitHelpRequestAnswer } from '@tours/shared/api';
import { browserMoscowOffset, isBlankPhone, phoneToSend } from '@tours/shared/domain';
import { Button, PhoneInput, TextField, errorText, helpRequestData, useForm } from '@tours/shared/kit';
import './contact-forms.css';

/** Ids of the forms' titles: each names its dialog in the host's modal outlet (labelId). */
const CALLBACK_TITLE_ID = 'srch-callback-title';
const EMAIL_TITLE_ID = 'srch-email-request-title';

/** The stored utm_source (§2.3 'On every page load'), sent with every help request. */
function utmSource(): string | null {
  const prefix = `${COOKIES.utmSource.name}=`;
  const part = document.cookie.split(';').map((p) => p.trim()).find((p) => p.startsWith(prefix));
  return part ? decodeURIComponent(part.slice(prefix.length)) : null;
}

/** POST /spa/submit-help-request (§7.4, captcha) through the one builder of the site's help requests. */
function submitHelpRequest(host: HostContext, fields: { type: 'phone_call_request' | 'common_help_by_email'; name?: string; phone?: string; email?: string; comment?: string }) {
  const data = helpRequestData({ ...fields, click_source: 'contacts_page' }, { url: window.location.href, timezone: browserMoscowOffset().offset, utmSource: utmSource() });
  return host.api.post('/spa/submit-help-request', { data }, { schema: SubmitHelpRequestAnswer, captcha: true });
}

function TermsCaption({ button }: { button: string }) {
  const host = useHost();
  // A new tab keeps the half-filled form.
  const link = (href: string) => (chunks: ReactNode[]) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {chunks}
    </a>
  );
  return (
    <p className="srch-contact-form__caption">
      <FormattedMessage id="forms.termsCaption" values={{ button, terms: link(host.href('agreement')), privacy: link(host.href('privacy')) }} />
    </p>
  );
}

/** The success state in place of the form: its title names the dialog (same id as the form's). */
function Done({ titleId, title, text, close }: { titleId: string; title: string; text: string; close: () => void }) {
  const intl = useIntl();
  return (
    <div className="srch-contact-form" role="status">
      <h2 id={titleId}>{title}</h2>
      <p>{text}</p>
      <Button block onClick={close}>
        {intl.formatMessage({ id: 'info.form.ok' })}
      </Button>
    </div>
  );
}

/** 'Request a call' (§2.3): name and phone (the phone input of §5.2), sent as a phone_call_request help request. */
export function CallbackForm({ close }: ModalContentProps) {
  const host = useHost();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const profile = useAtomValue(sessionAtom)?.profile;
  const locale = useAtomValue(localeAtom);
  const config = useAtomValue(appConfigAtom);
  const visitorCountry = useAtomValue(countryAtom)?.iso_code;
  const [country, setCountry] = useState(visitorCountry || config.uikit.defaultCountry);
  const countryRef = useRef(country);
  countryRef.current = country;
  const form = useForm(
    { name: [profile?.first_name, profile?.last_name].filter(Boolean).join(' '), phone: profile?.phone ?? '' },
    {
      name: ['required'],
      phone: [
        (v) => !isBlankPhone(String(v ?? '')) || { id: 'forms.validation.required' },
        (v) => /^\+\d{9,15}$/.test(phoneToSend(String(v), countryRef.current)) || { id: 'forms.validation.phone' },
      ],
    },
  );
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submitLabel = t('info.callback.submit');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || form.validate().length) return;
    setSending(true);
    const number = phoneToSend(form.values.phone, countryRef.current);
    try {
      await submitHelpRequest(host, { type: 'phone_call_request', name: form.values.name.trim(), phone: number });
      setSentTo(number);
    } catch (error) {
      // §5.8: field errors on their fields, the general message as a toast; what was typed stays.
      form.setServerErrors(applyServerErrors(error, host.toast, 'info.form.failed'));
      setSending(false);
    }
  };

  if (sentTo) return <Done titleId={CALLBACK_TITLE_ID} title={t('info.callback.successTitle')} text={t('info.callback.successText', { phone: sentTo })} close={() => close(true)} />;
  return (
    <form className="srch-contact-form" noValidate onSubmit={submit}>
      <h2 id={CALLBACK_TITLE_ID}>{t('info.callback.title')}</h2>
      <p>{t('info.callback.text')}</p>
      <TextField label={t('forms.helpCard.name')} autoComplete="name" required error={errorText(form.errors.name, t)} {...form.field('name')} />
      <PhoneInput
        name="phone"
        label={t('forms.helpCard.phone')}
        required
        value={form.values.phone}
        onChange={(v) => form.change('phone', v)}
        onBlur={() => form.blur('phone')}
        country={country}
        onCountryChange={setCountry}
        locale={locale}
        t={(id, v) => intl.formatMessage({ id }, v)}
        error={errorText(form.errors.phone, t)}
      />
      <Button type="submit" block loading={sending}>
        {submitLabel}
      </Button>
      <TermsCaption button={submitLabel} />
    </form>
  );
}

/** 'Send a request to our email' (§2.3, §2.7): e-mail and question, sent as a common_help_by_email help request. */
export function EmailRequestForm({ close }: ModalContentProps) {
  const host = useHost();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const profile = useAtomValue(sessionAtom)?.profile;
  const form = useForm({ email: profile?.email ?? '', comment: '' }, { email: ['required', 'email'] });
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const commentId = `srch-question${useId()}`;
  const submitLabel = t('info.emailRequest.submit');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || form.validate().length) return;
    setSending(true);
    try {
      await submitHelpRequest(host, { type: 'common_help_by_email', email: form.values.email.trim(), comment: form.values.comment });
      setSent(true);
    } catch (error) {
      form.setServerErrors(applyServerErrors(error, host.toast, 'info.form.failed'));
      setSending(false);
    }
  };

  if (sent) return <Done titleId={EMAIL_TITLE_ID} title={t('info.emailRequest.successTitle')} text={t('info.emailRequest.successText')} close={() => close(true)} />;
  return (
    <form className="srch-contact-form" noValidate onSubmit={submit}>
      <h2 id={EMAIL_TITLE_ID}>{t('info.emailRequest.title')}</h2>
      <p>{t('info.emailRequest.text')}</p>
      <TextField label={t('info.emailRequest.email')} type="email" autoComplete="email" required error={errorText(form.errors.email, t)} {...form.field('email')} />
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={commentId}>
          {t('info.emailRequest.question')}
        </label>
        <textarea id={commentId} className="ui-field__input srch-contact-form__textarea" rows={4} maxLength={2000} {...form.field('comment')} />
      </div>
      <Button type="submit" block loading={sending}>
        {submitLabel}
      </Button>
      <TermsCaption button={submitLabel} />
    </form>
  );
}

export function openCallbackForm(host: HostContext) {
  return host.showModal({ component: CallbackForm, props: {}, labelId: CALLBACK_TITLE_ID });
}

export function openEmailRequestForm(host: HostContext) {
  return host.showModal({ component: EmailRequestForm, props: {}, labelId: EMAIL_TITLE_ID });
}
