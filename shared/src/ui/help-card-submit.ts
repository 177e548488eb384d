/**
 * The site's help requests (public-site §7.4) and the common help card's wiring on the site (§2.7, §5.7): one
 * builder of the request `data` (the host's callback and e-mail modals and the site's help cards use it) and one
 * hook giving the shared HelpCard what it needs on a site page. The partner widget builds its own body
 * (widgets/src/request: partner id, partner page as referer) and sends through its own runtime.
 */
import { useRef } from 'react';
import { useAtomValue } from 'jotai';
import { appConfigAtom, countryAtom, localeAtom, useHost } from '@tours/shared/core';
import type { HostContext } from '@tours/shared/contract';
import { IDEMPOTENCY_HEADER } from '../api/headers';
import { SubmitHelpRequestAnswer } from '../api/schemas/requests';
import { COOKIES } from '../config/storage-keys';
import { helpRequestComment } from '../domain/help-request';
import { browserMoscowOffset } from '../domain/moscow-offset';
import { phoneToSend } from '../domain/phone';
import type { HelpCardProps, HelpCardValues } from './HelpCard';
import { useT } from '../i18n/use-t';

/** What the page adds to every help request (§7.4). */
export interface HelpRequestPage {
  /** The current URL: the 'request from {url}' line and the referer. */
  url: string;
  /** Hours from Moscow time (−15…+11). */
  timezone: number;
  /** The stored utm_source cookie, if any. */
  utmSource?: string | null;
}

/**
 * `data` of POST /spa/submit-help-request (§7.4): the form's fields, the comment with its 'request from {url}'
 * line, the timezone, the referer (the current URL), the stored utm_source (only when there is one) and the
 * agreement the form's footer caption states.
 */
export function helpRequestData<F extends { type: string; comment?: string | null }>(fields: F, page: HelpRequestPage) {
  return {
    ...fields,
    comment: helpRequestComment(fields.comment, page.url),
    timezone: page.timezone,
    referer: page.url,
    ...(page.utmSource ? { utm_source: page.utmSource } : {}),
    agree: true as const,
  };
}

/** The common help card's request (type common_help, §5.7: name, phone, optional comment); the phone as calls take it. */
export function commonHelpData(values: Pick<HelpCardValues, 'name' | 'phone' | 'comment'> & { country?: string }, page: HelpRequestPage, clickSource: string) {
  return helpRequestData({ type: 'common_help', name: values.name, phone: phoneToSend(values.phone, values.country ?? null), comment: values.comment, click_source: clickSource }, page);
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${encodeURIComponent(name)}=`;
  const part = document.cookie.split(';').map((p) => p.trim()).find((p) => p.startsWith(prefix));
  return part ? decodeURIComponent(part.slice(prefix.length)) : null;
}

/** The page as the browser sees it now (§7.4). */
export function currentHelpRequestPage(): HelpRequestPage {
  return { url: window.location.href, timezone: browserMoscowOffset().offset, utmSource: readCookie(COOKIES.utmSource.name) };
}

/** A new idempotency key (a UUID where the browser has one). */
export function newHelpRequestKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof c?.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The card's `submit` on the site: POST /spa/submit-help-request (captcha) with the common_help data and one
 * Idempotency-Key per submit (a retry after a lost answer stores one request; the card keeps a second click from
 * sending). Resolves with the request id.
 */
export function useHelpCardSubmit(host: HostContext, clickSource: string): HelpCardProps['submit'] {
  const pending = useRef<{ body: string; key: string } | null>(null);
  return async (values) => {
    const data = commonHelpData(values, currentHelpRequestPage(), clickSource);
    // The same fields sent again after a failure are the same submit; changed fields are a new one.
    const body = JSON.stringify([values.name, values.phone, values.comment]);
    if (pending.current?.body !== body) pending.current = { body, key: newHelpRequestKey() };
    const answer = await host.api.post('/spa/submit-help-request', { data }, { schema: SubmitHelpRequestAnswer, captcha: true, headers: { [IDEMPOTENCY_HEADER]: pending.current.key } });
    pending.current = null;
    return answer.request_id;
  };
}

/**
 * Everything the shared HelpCard takes on a site page: texts from the site's catalogue, the locale, the phone's
 * country (the visitor's, else the configured default), the Terms and Privacy links and the submit above.
 */
export function useSiteHelpCard(clickSource: string): HelpCardProps {
  const host = useHost();
  const locale = useAtomValue(localeAtom);
  const config = useAtomValue(appConfigAtom);
  const visitorCountry = useAtomValue(countryAtom)?.iso_code;
  const submit = useHelpCardSubmit(host, clickSource);
  const t = useT();
  return {
    t,
    locale,
    submit,
    termsHref: host.href('agreement'),
    privacyHref: host.href('privacy'),
    defaultCountry: visitorCountry || config.uikit.defaultCountry,
  };
}
