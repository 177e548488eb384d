import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { ApiError, localeAtom, routeAtom, useHost } from '@tours/shared/core';
import {
  ORGANIZER_MEET_FIELDS, basisDetailsApply, missingOrganizerMeetFields, organizerMeetFieldApplies, organizerMeetInputMax, signatoryBasesFor,
  type ContractLegalForm, type OrganizerMeetField, type OrganizerMeetTextField,
} from '@tours/shared/domain';
import { FILE_MIME_TYPES, ORGANIZER_MEET_KEY_RE, UPLOAD_MAX_BYTES, isRetryableError, uploadProblem, useApiQuery, type OrganizerMeetAnswer, type OrganizerMeetFile } from '@tours/shared/api';
import { Button, ErrorState, PageHeader, PhoneInput, Skeleton, TextField, errorText, useForm, usePageError } from '@tours/shared/kit';
import { deleteMeetFile, fetchMeet, saveMeet, uploadMeetFile } from './api';
import { clearDraft, fieldRule, readDraft, sameValues, sessionStore, toData, toValues, writeDraft, type MeetValues } from './form';
import './organizer-meet.css';
import { useT, type T, type MessageId } from '../../i18n/t';


/**
 * The organizer-meet contract page (accounts-and-comms §2 'Organizer-meet contract pages'; route 'organizer-meet',
 * /{locale}/organizer-meet/{key}, declared in src/routes.json): whoever holds the key fills in the contract's details
 * and attaches documents. A wrong or expired key is the site's 404 page. What is typed is kept per contract in
 * sessionStorage until a save succeeds, so neither a failed save nor a reload loses it.
 */
export default function OrganizerMeetPage() {
  const intl = useIntl();
  const host = useHost();
  const key = String(useAtomValue(routeAtom)?.params.key ?? '');
  const valid = ORGANIZER_MEET_KEY_RE.test(key);
  const meet = useApiQuery(valid ? `organizer-meet:${key}` : null, (signal) => fetchMeet(host.api, key, signal));
  const unavailable = meet.error !== null && isRetryableError(meet.error);

  // A key that cannot be one and another answer than 'no answer' are the error page (usePageError: 404, 403, 410).
  usePageError(meet.error, { valid });

  const title = intl.formatMessage({ id: 'account.meet.title' });
  if (!meet.data) {
    return (
      <section className="acc-meet">
        <PageHeader title={title} />
        {unavailable ? <ErrorState onRetry={meet.retry} busy={meet.loading} /> : <Skeleton className="acc-meet__skeleton" />}
      </section>
    );
  }
  return (
    <section className="acc-meet">
      <PageHeader title={title}>
        <p className="acc-meet__lead">
          {intl.formatMessage({ id: 'account.meet.contract' }, { number: meet.data.contract_number })}
          {meet.data.organizer_name ? ` · ${meet.data.organizer_name}` : ''}
        </p>
      </PageHeader>
      <MeetForm meetKey={key} initial={meet.data} />
    </section>
  );
}

/** The label of a field: OGRNIP for an entrepreneur, a person's full name for a person. */
function labelId(field: OrganizerMeetField, form: ContractLegalForm | null): string {
  if (field === 'legal_form') return 'account.meet.legalForm';
  if (field === 'ogrn' && form === 2) return 'account.meet.field.ogrnip';
  if (field === 'full_name' && (form === 2 || form === 3)) return 'account.meet.field.full_name_person';
  return `account.meet.field.${field}`;
}

type SaveState = { kind: 'idle' } | { kind: 'restored' } | { kind: 'saved' } | { kind: 'invalid' } | { kind: 'failed'; text: string };

function MeetForm({ meetKey, initial }: { meetKey: string; initial: OrganizerMeetAnswer }) {
  const t = useT();
  const host = useHost();
  const locale = useAtomValue(localeAtom);
  const storage = useMemo(sessionStore, []);
  const contractId = initial.contract_id;
  const [saved, setSaved] = useState(() => toValues(initial.organizer_meet_data));
  const draft = useMemo(() => readDraft(storage, contractId), [storage, contractId]);
  const schema = useMemo(() => Object.fromEntries(ORGANIZER_MEET_FIELDS.map((f) => [f, { rules: [fieldRule(f)] }])), []);
  const form = useForm<MeetValues>(draft ?? saved, schema);
  const [state, setState] = useState<SaveState>(draft && !sameValues(draft, saved) ? { kind: 'restored' } : { kind: 'idle' });
  const [saving, setSaving] = useState(false);
  const [files, setFiles] = useState<OrganizerMeetFile[]>(initial.files);
  const [phoneCountry, setPhoneCountry] = useState('RU');

  // Every change is kept on this device until a save succeeds (then the draft is the saved data and goes).
  useEffect(() => {
    if (sameValues(form.values, saved)) clearDraft(storage, contractId);
    else writeDraft(storage, contractId, form.values);
  }, [form.values, saved, storage, contractId]);

  const legalForm = toData(form.values).legal_form;
  const applies = (field: OrganizerMeetField) => organizerMeetFieldApplies(field, legalForm) && (field !== 'signatory_basis_details' || basisDetailsApply(toData(form.values)));
  const required = new Set(missingOrganizerMeetFields({ ...toData(Object.fromEntries(ORGANIZER_MEET_FIELDS.map((f) => [f, ''])) as MeetValues), legal_form: legalForm, signatory_basis: toData(form.values).signatory_basis }));
  const missing = missingOrganizerMeetFields(toData(form.values));

  const text = (field: OrganizerMeetTextField, extra: { hint?: ReactNode; autoComplete?: string; inputMode?: 'numeric' | 'email' } = {}) =>
    applies(field) ? (
      <TextField
        key={field}
        label={t(labelId(field, legalForm) as MessageId)}
        required={required.has(field)}
        maxLength={organizerMeetInputMax(field)}
        error={errorText(form.errors[field], t)}
        hint={extra.hint}
        autoComplete={extra.autoComplete ?? 'off'}
        inputMode={extra.inputMode}
        {...form.field(field)}
      />
    ) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const failing = form.validate();
    if (failing.length) {
      setState({ kind: 'invalid' });
      document.getElementsByName(failing[0]!)[0]?.focus();
      return;
    }
    setSaving(true);
    try {
      const answer = await saveMeet(host.api, meetKey, { contract_id: contractId, organizer_meet_data: toData(form.values), files: files.map((f) => f.id) });
      setSaved(toValues(answer.organizer_meet_data));
      for (const [field, value] of Object.entries(toValues(answer.organizer_meet_data)) as [OrganizerMeetField, string][]) {
        if (form.values[field] !== value) form.change(field, value);
      }
      setFiles(answer.files);
      setState({ kind: 'saved' });
      host.toast({ kind: 'success', messageId: 'account.meet.saved' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        // The key expired meanwhile: the draft stays on this device for a new link.
        host.emit('page:error', { status: 404 });
      } else if (error instanceof ApiError && error.status === 422) {
        const named = form.setServerErrors(error.fieldErrors);
        const rest = Object.entries(error.fieldErrors).filter(([field]) => !(named as string[]).includes(field)).map(([, text]) => text);
        setState(rest.length ? { kind: 'failed', text: rest.join(' ') } : { kind: 'invalid' });
      } else {
        setState({ kind: 'failed', text: t('account.meet.saveFailed') });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="acc-meet__form" noValidate aria-label={t('account.meet.title')} onSubmit={(e) => void submit(e)}>
      {state.kind === 'restored' && (
        <p className="acc-meet__notice" role="status">
          {t('account.meet.draftRestored')}
        </p>
      )}
      <Radios
        legend={t('account.meet.legalForm')}
        name="legal_form"
        value={form.values.legal_form}
        options={['1', '2', '3'].map((v) => ({ value: v, label: t(`account.meet.legalForm.${v}` as MessageId) }))}
        onChange={(v) => form.change('legal_form', v)}
        required
      />
      <fieldset className="acc-meet__fieldset">
        <legend className="acc-meet__legend">{t('account.meet.party')}</legend>
        {text('full_name')}
        {text('short_name')}
        {text('legal_address', { autoComplete: 'street-address' })}
        {text('postal_address', { hint: t('account.meet.field.postal_address_hint') })}
      </fieldset>
      <fieldset className="acc-meet__fieldset">
        <legend className="acc-meet__legend">{t('account.meet.numbers')}</legend>
        {text('inn', { inputMode: 'numeric', hint: t('account.meet.field.inn_hint') })}
        {text('ogrn', { inputMode: 'numeric' })}
        {text('kpp')}
      </fieldset>
      <fieldset className="acc-meet__fieldset">
        <legend className="acc-meet__legend">{t('account.meet.bank')}</legend>
        {text('bank_name')}
        {text('bik', { inputMode: 'numeric' })}
        {text('settlement_account', { inputMode: 'numeric' })}
        {text('correspondent_account', { inputMode: 'numeric' })}
      </fieldset>
      <fieldset className="acc-meet__fieldset">
        <legend className="acc-meet__legend">{t('account.meet.contact')}</legend>
        {text('contact_name', { autoComplete: 'name' })}
        <PhoneInput
          name="contact_phone"
          label={t('account.meet.field.contact_phone')}
          value={form.values.contact_phone}
          onChange={(v: string) => form.change('contact_phone', v)}
          onBlur={() => form.blur('contact_phone')}
          country={phoneCountry}
          onCountryChange={setPhoneCountry}
          locale={locale}
          t={t}
          error={errorText(form.errors.contact_phone, t)}
          required={required.has('contact_phone')}
        />
        {text('contact_email', { autoComplete: 'email', inputMode: 'email' })}
      </fieldset>
      <fieldset className="acc-meet__fieldset">
        <legend className="acc-meet__legend">{t('account.meet.signatory')}</legend>
        {text('signatory_name')}
        {text('signatory_position')}
        <Radios
          legend={t('account.meet.field.signatory_basis')}
          name="signatory_basis"
          value={form.values.signatory_basis}
          options={signatoryBasesFor(legalForm).map((v) => ({ value: v, label: t(`account.meet.basis.${v}`) }))}
          onChange={(v) => form.change('signatory_basis', v)}
          required
          nested
        />
        {text('signatory_basis_details')}
      </fieldset>
      <Files meetKey={meetKey} files={files} onFiles={setFiles} t={t} />
      <p className="acc-meet__summary" role="status">
        {missing.length
          ? t('account.meet.missing', { fields: missing.map((f) => t(labelId(f, legalForm) as MessageId)).join(', ') })
          : t('account.meet.complete')}
      </p>
      {state.kind === 'invalid' && (
        <p className="acc-meet__error" role="alert">
          {t('account.meet.invalid')}
        </p>
      )}
      {state.kind === 'failed' && (
        <p className="acc-meet__error" role="alert">
          {state.text}
        </p>
      )}
      {state.kind === 'saved' && (
        <p className="acc-meet__notice" role="status">
          {t('account.meet.saved')}
        </p>
      )}
      <div className="acc-meet__actions">
        <Button type="submit" loading={saving}>
          {t('account.meet.save')}
        </Button>
      </div>
    </form>
  );
}

/** A group of radio buttons under its legend. */
function Radios({ legend, name, value, options, onChange, required, nested }: {
  legend: string; name: string; value: string; options: { value: string; label: string }[]; onChange: (value: string) => void; required?: boolean; nested?: boolean;
}) {
  return (
    <fieldset className={nested ? 'acc-meet__radios acc-meet__radios--nested' : 'acc-meet__fieldset acc-meet__radios'}>
      <legend className={nested ? 'ui-field__label' : 'acc-meet__legend'}>
        {legend}
        {required && <span className="ui-field__required" aria-hidden="true"> *</span>}
      </legend>
      {options.map((o) => (
        <label key={o.value} className="acc-meet__radio">
          <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}

const MAX_FILE_MB = UPLOAD_MAX_BYTES.file / (1024 * 1024);

type FileState = { kind: 'idle' } | { kind: 'uploading'; name: string } | { kind: 'done'; text: string } | { kind: 'error'; text: string };

/** The contract's documents: the list with a delete button each, and a file input that uploads at once. */
function Files({ meetKey, files, onFiles, t }: { meetKey: string; files: OrganizerMeetFile[]; onFiles: (files: OrganizerMeetFile[]) => void; t: T }) {
  const host = useHost();
  const id = useId();
  const [state, setState] = useState<FileState>({ kind: 'idle' });
  const [deleting, setDeleting] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(files);
  latest.current = files;

  const failure = (error: unknown, fallback: string): string => {
    if (error instanceof ApiError) {
      if (error.status === 413) return t('account.meet.files.tooLarge', { max: MAX_FILE_MB });
      if (error.fieldErrors.file) return error.fieldErrors.file;
    }
    return t(fallback as MessageId);
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after an error.
    event.target.value = '';
    if (!file || state.kind === 'uploading') return;
    const problem = uploadProblem('file', file);
    if (problem) {
      setState({ kind: 'error', text: problem === 'size' ? t('account.meet.files.tooLarge', { max: MAX_FILE_MB }) : t(problem === 'empty' ? 'account.meet.files.empty' : 'account.meet.files.wrongType') });
      return;
    }
    setState({ kind: 'uploading', name: file.name });
    try {
      const added = await uploadMeetFile(host.api, meetKey, file);
      onFiles([...latest.current, added]);
      setState({ kind: 'done', text: t('account.meet.files.uploaded', { name: added.name }) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) host.emit('page:error', { status: 404 });
      setState({ kind: 'error', text: failure(error, 'account.meet.files.failed') });
    }
  };

  const remove = async (file: OrganizerMeetFile) => {
    setDeleting(file.id);
    try {
      await deleteMeetFile(host.api, meetKey, file.id);
      onFiles(latest.current.filter((f) => f.id !== file.id));
      setState({ kind: 'done', text: t('account.meet.files.deleted', { name: file.name }) });
      input.current?.focus();
    } catch (error) {
      // Gone already (another tab): it leaves the list too.
      if (error instanceof ApiError && error.status === 404) onFiles(latest.current.filter((f) => f.id !== file.id));
      else setState({ kind: 'error', text: t('account.meet.files.deleteFailed') });
    } finally {
      setDeleting(null);
    }
  };

  return (
    <fieldset className="acc-meet__fieldset" aria-busy={state.kind === 'uploading' || undefined}>
      <legend className="acc-meet__legend">{t('account.meet.files')}</legend>
      {files.length ? (
        <ul className="acc-meet__files">
          {files.map((f) => (
            <li key={f.id} className="acc-meet__file">
              <a href={f.url} target="_blank" rel="noopener noreferrer">
                {f.name}
              </a>
              <span className="acc-meet__size">{t('account.meet.files.size', { kb: Math.max(1, Math.round(f.size / 1024)) })}</span>
              <Button variant="secondary" size="sm" loading={deleting === f.id} aria-label={t('account.meet.files.delete', { name: f.name })} onClick={() => void remove(f)}>
                {t('account.meet.files.deleteShort')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="acc-meet__muted">{t('account.meet.files.none')}</p>
      )}
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={`${id}-file`}>
          {t('account.meet.files.add')}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          className="acc-meet__file-input"
          accept={FILE_MIME_TYPES.join(',')}
          aria-describedby={`${id}-hint`}
          disabled={state.kind === 'uploading'}
          onChange={(e) => void pick(e)}
        />
        <p id={`${id}-hint`} className="ui-field__hint">
          {t('account.meet.files.hint', { max: MAX_FILE_MB })}
        </p>
      </div>
      <p className="acc-meet__notice" role="status">
        {state.kind === 'uploading' ? t('account.meet.files.uploading', { name: state.name }) : state.kind === 'done' ? state.text : ''}
      </p>
      {state.kind === 'error' && (
        <p className="acc-meet__error" role="alert">
          {state.text}
        </p>
      )}
    </fieldset>
  );
}
