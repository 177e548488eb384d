import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { ApiError, appConfigAtom, countryAtom, localeAtom, useHost } from '@tours/shared/core';
import { applyServerErrors, isRetryableError, type TouristsInfoAnswer } from '@tours/shared/api';
import { phoneToSend, travellerToday } from '@tours/shared/domain';
import { Button, Link, useListForm } from '@tours/shared/kit';
import { clearDraft, draftKey, readDraft, writeDraft } from '../common/draft';
import { saveTourists } from './api';
import { TouristCard } from './TouristCard';
import {
  blankTourist, checkTourist, checkTourists, firstError, initialTourists, serverTouristErrors, storedTourist, touristLimit, touristsBody, touristsFromDraft,
  visibleFields, type Message, type TouristErrors, type TouristField, type TouristValues,
} from './tourists';
import { useT } from '../../i18n/t';

export interface TouristsFormProps {
  info: TouristsInfoAnswer;
}

const DRAFT_DEFAULTS: { tourists: unknown[] } = { tourists: [] };

/**
 * The tourists form of the add-tourists page (public-site §3.7, §3.8 touristsForm, §7.4): a card per tourist with the
 * template's fields (passport and weight only when collected), add up to the party, remove where allowed, and one
 * save of the whole list through update-tourists. What is typed is kept on this device (keyed by the request's uuid)
 * until it is saved; server field errors land on the right tourist's field; no connection keeps everything and offers
 * a retry. Once saved: a notice with the link to the arrival page.
 */
export function TouristsForm({ info }: TouristsFormProps) {
  const host = useHost();
  const t = useT();
  const locale = useAtomValue(localeAtom);
  const config = useAtomValue(appConfigAtom);
  const visitorCountry = useAtomValue(countryAtom)?.iso_code;
  const country = visitorCountry || config.uikit.defaultCountry;
  const formId = useId();
  const storageKey = draftKey('tourists', info.requestUUID);
  const keys = useRef(0);
  const newKey = () => `t${(keys.current += 1)}`;

  // The stored list, or the draft typed over it, once.
  const [start] = useState(() => {
    const stored = initialTourists(info, country, newKey);
    const draft = info.can_edit ? readDraft(storageKey, DRAFT_DEFAULTS) : null;
    const fromDraft = draft ? touristsFromDraft(draft.values.tourists, info.tourists.length ? stored : [], newKey, country) : null;
    return { list: fromDraft ?? stored, restored: Boolean(fromDraft) };
  });
  const [closed, setClosed] = useState(!info.can_edit);
  const [restored, setRestored] = useState(start.restored);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const sending = useRef(false);
  const dirty = useRef(start.restored);
  const formRef = useRef<HTMLFormElement | null>(null);
  const addRef = useRef<HTMLButtonElement | null>(null);
  const savedRef = useRef<HTMLDivElement | null>(null);

  const fieldsOf = (x: TouristValues) => visibleFields(info.template, config.touristsForm, x);
  const ctx = { today: travellerToday(), phoneToSend };
  // The kit's list form holds the cards and their errors; the rules are this feature's (tourists.ts), eager (§4.13).
  const form = useListForm<TouristValues, TouristField, Message>(start.list, {
    check: (x, fields) => checkTourist(x, fields, ctx),
    checkAll: (all) => checkTourists(all, fieldsOf, ctx),
    onChange: () => {
      dirty.current = true;
      setSaved(false);
    },
  });
  const { items: list, errors } = form;
  const limit = touristLimit(info, list.length);

  // Everything typed stays on this device until it is saved (only once the traveller changed something).
  useEffect(() => {
    if (dirty.current && !closed) writeDraft(storageKey, { values: { tourists: list } });
  }, [storageKey, list, closed]);

  // Focus moves once the change is drawn (a new card exists, a removed one is gone).
  const pendingFocus = useRef<(() => HTMLElement | null | undefined) | null>(null);
  const focusLater = (find: () => HTMLElement | null | undefined) => {
    pendingFocus.current = find;
  };
  useEffect(() => {
    const find = pendingFocus.current;
    if (!find) return;
    pendingFocus.current = null;
    find()?.focus();
  });
  const cardEl = (key: string) => formRef.current?.querySelector<HTMLElement>(`[data-card="${key}"]`);
  const firstControl = (key: string) => cardEl(key)?.querySelector<HTMLElement>('input:not(:disabled), textarea:not(:disabled), button:not(:disabled)');
  const focusError = (all: TouristErrors) => {
    const first = firstError(form.current(), all, fieldsOf);
    if (!first) return;
    const index = form.current().findIndex((x) => x.key === first.key);
    focusLater(() => (first.field === 'card' ? firstControl(first.key) : formRef.current?.querySelector<HTMLElement>(`[name="tourists.${index}.${first.field}"]`)) ?? firstControl(first.key));
  };

  const add = () => {
    if (form.current().length >= limit) return;
    const tourist = blankTourist(info.template, newKey(), country);
    form.add(tourist);
    setAnnouncement(t('booking.tourists.added', { number: form.current().length }));
    focusLater(() => firstControl(tourist.key));
  };

  const remove = (key: string) => {
    const index = form.remove(key);
    if (index < 0) return;
    const next = form.current();
    setAnnouncement(t('booking.tourists.removed', { number: index + 1 }));
    // The card that takes its place, else the one before, else the add button.
    const target = next[index] ?? next[index - 1];
    focusLater(() => (target ? firstControl(target.key) : addRef.current));
  };

  const send = async () => {
    if (sending.current || closed) return;
    const sent = form.current();
    const found = form.validate();
    if (Object.keys(found).length) {
      const numbers = sent.map((x, i) => (found[x.key] ? i + 1 : 0)).filter(Boolean);
      setAnnouncement(t('booking.tourists.checkFields', { tourists: numbers.join(', ') }));
      focusError(found);
      return;
    }
    sending.current = true;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await saveTourists(host.api, { requestId: info.request_id, uuid: info.requestUUID, tourists: touristsBody(sent, phoneToSend).tourists });
      clearDraft(storageKey);
      dirty.current = false;
      // The saved list: the stored tourists with their ids, each card kept where it was (keys follow positions).
      form.reset(answer.tourists.map((x, i) => storedTourist(x, sent[i]?.key ?? newKey(), sent[i]?.country ?? country, true)));
      setRestored(false);
      setSaved(true);
      setAnnouncement('');
      focusLater(() => savedRef.current);
    } catch (error) {
      fail(error, sent);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const fail = (error: unknown, sent: readonly TouristValues[]) => {
    if (isRetryableError(error)) {
      setProblem(t('booking.tourists.networkError'));
      setAnnouncement('');
      return;
    }
    const fields = applyServerErrors(error, host.toast);
    if (error instanceof ApiError && error.status === 409) {
      // The request was closed meanwhile: nothing may change any more (what was typed stays on screen).
      setClosed(true);
      return;
    }
    const { tourists, general } = serverTouristErrors(fields, sent, (key) => {
      const x = sent.find((s) => s.key === key);
      return x ? fieldsOf(x) : [];
    });
    // An error of the list itself ('tourists': too many) has no field to show it: a toast, unless the message said it.
    if (!(error instanceof ApiError && error.message)) for (const text of general) host.toast({ kind: 'error', text });
    if (Object.keys(tourists).length) {
      form.setErrors(tourists);
      const numbers = sent.map((x, i) => (tourists[x.key] ? i + 1 : 0)).filter(Boolean);
      setAnnouncement(t('booking.tourists.checkFields', { tourists: numbers.join(', ') }));
      focusError(tourists);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };

  const arrival = host.href('arrival-page', { uuid: info.requestUUID });

  return (
    <form className="bk-tourists" noValidate onSubmit={onSubmit} ref={formRef} aria-busy={busy || undefined} aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`} className="bk-tourists__title">
        {t('booking.tourists.formTitle', { requestId: info.request_id })}
      </h2>
      <p className="bk-tourists__intro">{t('booking.tourists.intro', { count: Math.max(1, info.adults + info.children) })}</p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {closed && (
        <p className="bk-tourists__notice" role="note">
          {t('booking.tourists.closed')}
        </p>
      )}
      {restored && !closed && <p className="bk-tourists__notice">{t('booking.tourists.restored')}</p>}
      {saved && (
        <div className="bk-tourists__saved" role="status" tabIndex={-1} ref={savedRef}>
          <p>{t('booking.tourists.saved')}</p>
          <Link href={arrival}>{t('booking.tourists.arrivalLink')}</Link>
        </div>
      )}
      {problem && (
        <div className="bk-tourists__alert" role="alert">
          <p>{problem}</p>
          <Button variant="secondary" size="sm" onClick={() => void send()} disabled={busy}>
            {t('booking.form.retry')}
          </Button>
        </div>
      )}

      {list.length === 0 && <p className="bk-tourists__empty">{t('booking.tourists.none')}</p>}
      {list.map((tourist, index) => (
        <TouristCard
          key={tourist.key}
          tourist={tourist}
          index={index}
          fields={fieldsOf(tourist)}
          errors={errors[tourist.key] ?? {}}
          disabled={closed}
          today={ctx.today}
          locale={locale}
          onChange={(field, value) => form.change(tourist.key, field, value)}
          onBlur={(field) => form.blur(tourist.key, field)}
          onCountryChange={(c) => form.update(tourist.key, { country: c })}
          onRemove={tourist.can_delete ? () => remove(tourist.key) : undefined}
        />
      ))}

      {!closed && (
        <div className="bk-tourists__actions">
          {list.length < limit ? (
            <button type="button" ref={addRef} className="ui-btn ui-btn--secondary" onClick={add}>
              {t('booking.tourists.add')}
            </button>
          ) : (
            <p className="bk-tourists__limit">{t('booking.tourists.limit', { count: limit })}</p>
          )}
          <Button type="submit" loading={busy}>
            {t('booking.tourists.save')}
          </Button>
        </div>
      )}
      {closed && (
        <p>
          <Link href={arrival}>{t('booking.tourists.arrivalLink')}</Link>
        </p>
      )}
    </form>
  );
}
