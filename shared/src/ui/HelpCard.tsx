import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '@tours/shared/core';
import { callingCodeOf, isPrefixOnly, isValidPhone, loadPhoneLib, normalisePhone, phoneLib, PHONE_MESSAGE_IDS } from '../domain/phone';
import { DEFAULT_FIELD_MODE, fieldEvent, validateValue, type FieldMode, type FieldTrigger, type RuleSpec, type ValidationMessage } from '../domain/validation';
import { Button } from './Button';
import { PhoneInput, type Translate } from './PhoneInput';
import { TextAreaField } from './TextAreaField';
import { TextField } from './TextField';
import './ui.css';
import './kit.css';
import './help-card.css';

/** Catalogue keys of the help card (forms.json). */
export const HELP_CARD_MESSAGES = {
  title: 'forms.helpCard.title', // 'Any tour program on your request'
  name: 'forms.helpCard.name',
  phone: 'forms.helpCard.phone',
  comment: 'forms.helpCard.comment',
  commentPrompt: 'forms.helpCard.commentPrompt', // 'Where do you want to go?'
  submit: 'forms.helpCard.submit', // 'Submit request'
  messenger: 'forms.phone.messenger',
  checkFields: 'forms.helpCard.checkFields',
  networkError: 'forms.helpCard.networkError',
  failed: 'forms.helpCard.failed',
  retry: 'forms.helpCard.retry',
  elsewhere: 'forms.helpCard.elsewhere',
  termsCaption: 'forms.termsCaption',
  newTab: 'forms.opensInNewTab',
  successTitle: 'forms.success.title', // 'Request #{requestId} has been sent'
  successPhone: 'forms.success.phone',
} as const;

type Field = 'name' | 'phone' | 'comment';
const FIELDS: readonly Field[] = ['name', 'phone', 'comment'];

export interface HelpCardValues {
  name: string;
  /** Normalised: RU '8…' sent as '+7…'. */
  phone: string;
  comment: string;
  /** The phone's country (ISO alpha-2). */
  country: string;
}

export interface HelpCardProps {
  t: Translate;
  locale: string;
  /** Sends the request and resolves with its id; rejects with an ApiError (field errors, message) or a network error. */
  submit(values: HelpCardValues): Promise<number>;
  termsHref: string;
  privacyHref: string;
  defaultCountry: string;
  /** The main site, offered when sending fails. */
  fallback?: { href: string; name: string };
  onSubmitted?(requestId: number): void;
  /** Validation field mode (§4.13); eager by default. */
  mode?: FieldMode;
}

interface FormProblem {
  text: ReactNode;
  retry: boolean;
}

/**
 * The common help card (public-site §2.7, §5.7): 'Any tour program on your request', name, phone with the
 * messenger icon, comment ('Where do you want to go?'), 'Submit request' and the form footer caption with the
 * Terms and Privacy links. Name required; phone required and valid (§5.1 and §5.2); comment optional.
 * On success it is replaced by the success screen 'Request #{requestId} has been sent' with the phone (§4.6).
 *
 * Server field errors land on their fields (§5.8); a failure keeps everything typed and offers a retry; a
 * second click while sending sends nothing. Texts come through `t`, so it renders with react-intl on the site
 * and with the widgets' small formatter under Preact.
 */
export function HelpCard({ t, locale, submit, termsHref, privacyHref, defaultCountry, fallback, onSubmitted, mode = DEFAULT_FIELD_MODE }: HelpCardProps) {
  const [values, setValues] = useState<Record<Field, string>>({ name: '', phone: '', comment: '' });
  const valuesRef = useRef(values);
  const [country, setCountry] = useState(defaultCountry);
  const countryRef = useRef(country);
  countryRef.current = country;
  const [errors, setErrors] = useState<Partial<Record<Field, ValidationMessage>>>({});
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const [sent, setSent] = useState<{ id: number; phone: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const form = useRef<HTMLFormElement | null>(null);
  const successHeading = useRef<HTMLHeadingElement | null>(null);
  const commentId = `help-comment${useId()}`;
  const text = (id: string, v?: Parameters<Translate>[1]) => String(t(id, v));
  const submitLabel = text(HELP_CARD_MESSAGES.submit);

  const rules: Record<Field, readonly RuleSpec[]> = {
    name: ['required', { rule: 'max', param: 100 }],
    phone: [
      'required',
      'phone',
      // §5.2: once libphonenumber-js is loaded, the number must be valid ('Incorrect phone number').
      (v) => {
        const lib = phoneLib();
        return !lib || isValidPhone(lib, String(v), countryRef.current) || { id: PHONE_MESSAGE_IDS.invalid };
      },
    ],
    comment: [{ rule: 'max', param: 2000 }],
  };

  const checkedValue = (field: Field, all: Record<Field, string>): string => {
    if (field !== 'phone') return all[field];
    const lib = phoneLib();
    const code = lib ? callingCodeOf(lib, countryRef.current) : null;
    return isPrefixOnly(all.phone, code) ? '' : normalisePhone(all.phone, countryRef.current);
  };
  const check = (field: Field, all: Record<Field, string>) => validateValue(checkedValue(field, all), rules[field], { values: all }) ?? undefined;

  const setError = (field: Field, message: ValidationMessage | undefined) => {
    errorsRef.current = { ...errorsRef.current, [field]: message };
    setErrors(errorsRef.current);
  };

  const fieldEventFor = (field: Field, trigger: FieldTrigger) => {
    const decision = fieldEvent(mode, trigger, Boolean(errorsRef.current[field]));
    if (decision.reset) setError(field, undefined);
    if (decision.validate) setError(field, check(field, valuesRef.current));
  };

  const change = (field: Field, value: string) => {
    valuesRef.current = { ...valuesRef.current, [field]: value };
    setValues(valuesRef.current);
    fieldEventFor(field, 'input');
  };

  const messageText = (m: ValidationMessage | undefined) => (m ? (m.text ?? t(m.id, m.values)) : undefined);

  const send = async () => {
    if (sending.current) return; // a double click sends one request
    sending.current = true;
    setBusy(true);
    setProblem(null);
    try {
      await loadPhoneLib().catch(() => null); // validity needs the metadata; without it the §5.1 rule still applies
      const all = valuesRef.current;
      const found: Partial<Record<Field, ValidationMessage>> = {};
      for (const field of FIELDS) {
        const m = check(field, all);
        if (m) found[field] = m;
      }
      errorsRef.current = found;
      setErrors(found);
      const invalid = FIELDS.filter((f) => found[f]);
      if (invalid.length) {
        setAnnouncement(text(HELP_CARD_MESSAGES.checkFields, { fields: invalid.map((f) => text(HELP_CARD_MESSAGES[f])).join(', ') }));
        focusField(invalid[0]!);
        return;
      }
      const phone = normalisePhone(all.phone, countryRef.current);
      const id = await submit({ name: all.name.trim(), phone, comment: all.comment.trim(), country: countryRef.current });
      setSent({ id, phone });
      setAnnouncement(text(HELP_CARD_MESSAGES.successTitle, { requestId: id }));
      onSubmitted?.(id);
      requestAnimationFrame(() => successHeading.current?.focus());
    } catch (error) {
      handleFailure(error);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const handleFailure = (error: unknown) => {
    const status = error instanceof ApiError ? error.status : typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 0;
    const fieldErrors: Record<string, string> = error instanceof ApiError ? error.fieldErrors : ((error as { fieldErrors?: Record<string, string> })?.fieldErrors ?? {});
    const onFields = FIELDS.filter((f) => fieldErrors[f]);
    if (onFields.length) {
      const next = { ...errorsRef.current };
      for (const f of onFields) next[f] = { id: 'forms.validation.incorrect', text: fieldErrors[f] };
      errorsRef.current = next;
      setErrors(next);
      const others = Object.keys(fieldErrors).filter((k) => !onFields.includes(k as Field));
      const summary = text(HELP_CARD_MESSAGES.checkFields, { fields: onFields.map((f) => text(HELP_CARD_MESSAGES[f])).join(', ') });
      setAnnouncement(summary);
      if (others.length) setProblem({ text: others.map((k) => fieldErrors[k]).join(' '), retry: false });
      focusField(onFields[0]!);
      return;
    }
    // No connection, the service down (5xx), too many requests (429) or an error without fields: everything typed
    // stays, with a retry and the main site as a way out.
    const network = status === 0 || status >= 500;
    const message = network ? text(HELP_CARD_MESSAGES.networkError) : (error as Error)?.message || text(HELP_CARD_MESSAGES.failed);
    setProblem({ text: message, retry: true });
    setAnnouncement(message);
  };

  const focusField = (field: Field) => {
    requestAnimationFrame(() => {
      const el = form.current?.querySelector<HTMLElement>(`[name="${field}"]`);
      el?.focus();
    });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };

  const newTab = (href: string) => (chunks: ReactNode[]) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {chunks}
      <span className="visually-hidden"> {text(HELP_CARD_MESSAGES.newTab)}</span>
    </a>
  );

  const live = (
    <p className="visually-hidden" role="status" aria-live="polite">
      {announcement}
    </p>
  );

  if (sent) {
    return (
      <div className="ui-help ui-help__success">
        {live}
        <span className="ui-help__check" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
            <circle cx="24" cy="24" r="22" fill="currentColor" opacity=".15" />
            <path d="M15 24.5l6 6 12-13" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h2 className="ui-help__success-title" tabIndex={-1} ref={successHeading}>
          {t(HELP_CARD_MESSAGES.successTitle, { requestId: sent.id })}
        </h2>
        <p className="ui-help__success-text">{t(HELP_CARD_MESSAGES.successPhone, { phone: sent.phone })}</p>
      </div>
    );
  }

  return (
    <form className="ui-help" noValidate onSubmit={onSubmit} ref={form} aria-busy={busy || undefined}>
      {live}
      <h2 className="ui-help__title">{t(HELP_CARD_MESSAGES.title)}</h2>
      {problem && (
        <div className="ui-help__alert" role="alert">
          <p>{problem.text}</p>
          {fallback && problem.retry && <p>{t(HELP_CARD_MESSAGES.elsewhere, { site: fallback.name, link: newTab(fallback.href) })}</p>}
          {problem.retry && (
            <Button variant="secondary" size="sm" onClick={() => void send()} disabled={busy}>
              {t(HELP_CARD_MESSAGES.retry)}
            </Button>
          )}
        </div>
      )}
      <TextField
        name="name"
        label={t(HELP_CARD_MESSAGES.name)}
        autoComplete="name"
        required
        maxLength={100}
        value={values.name}
        error={messageText(errors.name)}
        onChange={(e) => change('name', e.target.value)}
        onBlur={() => fieldEventFor('name', 'blur')}
      />
      <PhoneInput
        name="phone"
        label={t(HELP_CARD_MESSAGES.phone)}
        labelAddon={<MessengerIcon />}
        hint={t(HELP_CARD_MESSAGES.messenger)}
        required
        value={values.phone}
        onChange={(v) => change('phone', v)}
        onBlur={() => fieldEventFor('phone', 'blur')}
        country={country}
        onCountryChange={(c) => {
          countryRef.current = c;
          setCountry(c);
        }}
        locale={locale}
        t={t}
        error={messageText(errors.phone)}
      />
      <TextAreaField
        id={commentId}
        name="comment"
        label={t(HELP_CARD_MESSAGES.comment)}
        inputClassName="ui-help__textarea"
        placeholder={text(HELP_CARD_MESSAGES.commentPrompt)}
        rows={3}
        maxLength={2000}
        value={values.comment}
        error={messageText(errors.comment)}
        onChange={(e) => change('comment', e.target.value)}
        onBlur={() => fieldEventFor('comment', 'blur')}
      />
      <Button type="submit" block loading={busy}>
        {submitLabel}
      </Button>
      <p className="ui-help__caption">{t(HELP_CARD_MESSAGES.termsCaption, { button: submitLabel, terms: newTab(termsHref), privacy: newTab(privacyHref) })}</p>
    </form>
  );
}

/** The messenger icon next to the phone label (decorative; the hint says it in words). */
function MessengerIcon() {
  return (
    <span className="ui-help__messenger" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="18" height="18" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 0 0-8.7 14.9L2 22l5.3-1.3A10 10 0 1 0 12 2zm0 18.2c-1.5 0-3-.4-4.3-1.2l-.3-.2-3.1.8.8-3-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.7-1.2.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5c-.2 0-.4.1-.6.3-.2.2-.8.8-.8 2s.8 2.3.9 2.5c.1.2 1.6 2.5 4 3.5 1.5.6 2.1.7 2.8.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3z"
        />
      </svg>
    </span>
  );
}
