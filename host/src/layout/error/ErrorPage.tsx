import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { CARD_IMAGE_SIZE, sizedImage } from '@tours/shared/domain';
import { useAutoRetry } from '@tours/shared/api';
import { Button, Link, PhoneLink, Price } from '@tours/shared/kit';
import type { PageError } from '../../routing/sync';
import { browser } from '../browser';
import { Messengers } from '../contacts/Messengers';
import { MailIcon } from '../contacts/icons';
import { primaryPhone } from '../format';
import { openEmailRequestModal } from '../modals/lazy';
import { useSearchSlug } from '../nav';
import { contactsAtom } from '../state';
import { NotFoundIllustration } from './NotFoundIllustration';
import { logInAgain } from './relogin';
import { similarDestinations, similarTours } from './similar';
import './ErrorPage.css';

// The card's form and phone input are their own chunk, asked for once the page is shown in the browser (the server
// render and hydration do not wait for it).
const ErrorHelpCard = lazy(() => import(/* webpackChunkName: "help-card" */ './ErrorHelpCard'));

/** The common help card (§2.7), small, below the page's own actions and contacts. */
function HelpCardBelow() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <div className="lay-error__help" data-testid="help-card">
      {mounted && (
        <Suspense fallback={null}>
          <ErrorHelpCard />
        </Suspense>
      )}
    </div>
  );
}

type Variant = 'removed' | '404' | '403' | '410' | '503' | '500';

function variantOf(error: PageError): Variant {
  if (error.data?.reason === 'removed_from_publication') return 'removed';
  if (error.status === 404 || error.status === 403 || error.status === 410 || error.status === 503) return String(error.status) as Variant;
  return '500';
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

/** Contacts on the error page (§2.8): messengers, phone and e-mail. */
function ErrorContacts() {
  const host = useHost();
  const intl = useIntl();
  const contacts = useAtomValue(contactsAtom);
  const phone = primaryPhone(contacts);
  return (
    <section className="lay-error__contacts" aria-labelledby="lay-error-contacts" data-testid="error-contacts">
      <h2 id="lay-error-contacts" className="lay-error__subtitle">
        {intl.formatMessage({ id: 'error.contacts.title' })}
      </h2>
      <p className="lay-error__muted">{intl.formatMessage({ id: 'error.contacts.text' })}</p>
      <div className="lay-error__channels">
        {phone && <PhoneLink phone={phone.phone} formatted={phone.formatted} caption={phone.caption || undefined} />}
        {contacts?.email && (
          <a className="lay-error__email" href={`mailto:${contacts.email}`}>
            <MailIcon />
            {contacts.email}
          </a>
        )}
        <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => openEmailRequestModal(host, 'error_page')}>
          {intl.formatMessage({ id: 'error.contacts.email' })}
        </Button>
      </div>
      <Messengers showNames />
    </section>
  );
}

/** Similar tours, similar destinations and a banner when the tour was removed from publication. */
function RemovedExtras({ data }: { data: Record<string, unknown> | undefined }) {
  const host = useHost();
  const intl = useIntl();
  const tours = similarTours(data);
  const destinations = similarDestinations(data);
  const searchSlug = useSearchSlug();
  return (
    <>
      {tours.length > 0 && (
        <section className="lay-error__similar" aria-labelledby="lay-error-tours">
          <h2 id="lay-error-tours" className="lay-error__subtitle">
            {intl.formatMessage({ id: 'error.removed.similarTours' })}
          </h2>
          <ul className="lay-cards">
            {tours.map((t) => (
              <li key={t.key} className="lay-card">
                <Link className="lay-card__link" href={host.href('tour-page', { slug: t.slug })}>
                  {t.image ? <img className="lay-card__img" src={sizedImage(t.image, CARD_IMAGE_SIZE)} alt="" loading="lazy" /> : <span className="lay-card__img lay-card__img--empty" />}
                  <span className="lay-card__title">{t.title}</span>
                  {t.price !== null && (
                    // The one price display: converted to the traveller's currency from the stored amount (§9).
                    <Price className="lay-card__price" amount={t.price} currency={t.currency} original={t.original} from />
                  )}
                </Link>
                <Button variant="secondary" size="sm" className="lay-card__dates" aria-haspopup="dialog" onClick={() => host.openModal('tour/variants', { tourId: Number(/-(\d+)$/.exec(t.slug)?.[1]), mode: 'navigate' })}>{intl.formatMessage({ id: 'error.similar.dates' })}<span className="visually-hidden">: {t.title}</span></Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {destinations.length > 0 && (
        <section className="lay-error__similar" aria-labelledby="lay-error-destinations">
          <h2 id="lay-error-destinations" className="lay-error__subtitle">
            {intl.formatMessage({ id: 'error.removed.similarDestinations' })}
          </h2>
          <ul className="lay-cards lay-cards--destinations">
            {destinations.map((d) => (
              <li key={d.key} className="lay-card lay-card--destination">
                <Link className="lay-card__link" href={d.url ?? host.href('tours', { slug: d.slug ?? '' })}>
                  {d.image ? <img className="lay-card__img" src={sizedImage(d.image, CARD_IMAGE_SIZE)} alt="" loading="lazy" /> : <span className="lay-card__img lay-card__img--empty" />}
                  <span className="lay-card__title">{d.name}</span>
                  {d.toursCount !== null && <span className="lay-card__meta">{intl.formatMessage({ id: 'error.removed.toursCount' }, { count: d.toursCount })}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <aside className="lay-error__banner" aria-labelledby="lay-error-banner">
        <div>
          <h2 id="lay-error-banner" className="lay-error__banner-title">
            {intl.formatMessage({ id: 'error.removed.bannerTitle' })}
          </h2>
          <p>{intl.formatMessage({ id: 'error.removed.bannerText' })}</p>
        </div>
        <Link className="ui-btn ui-btn--primary" href={host.href('tours', { slug: searchSlug })}>
          {intl.formatMessage({ id: 'error.removed.bannerButton' })}
        </Link>
      </aside>
    </>
  );
}

/**
 * Error page of §2.8: 404 (with an image), 403, 410, 503 and, for anything else, 500. The
 * removed_from_publication variant replaces the 404 texts and lists similar tours and destinations.
 * Contacts are shown everywhere except 410 and removed.
 */
/**
 * A 503 from the server means it could not check the page: ask for the page again in the background (the shared
 * backoff of useAutoRetry: 2 s, 4 s … 30 s, at once when the browser is back online) and reload when it answers.
 */
function useReloadWhenBack(enabled: boolean): void {
  const [failures, setFailures] = useState(1);
  const [running, setRunning] = useState(false);
  useAutoRetry(failures, enabled, running, () => {
    setRunning(true);
    fetch(browser.currentUrl(), { headers: { accept: 'text/html' }, cache: 'no-store' })
      .then((res) => (res.status === 503 ? setFailures((f) => f + 1) : browser.reload()))
      .catch(() => setFailures((f) => f + 1))
      .finally(() => setRunning(false));
  });
}

export function ErrorPage({ error }: { error: PageError }) {
  const host = useHost();
  const intl = useIntl();
  const variant = variantOf(error);
  useReloadWhenBack(variant === '503' && error.fromServer === true);
  const title = intl.formatMessage({ id: `error.${variant}.title` });

  useEffect(() => {
    host.emit('page:meta', { title });
  }, [host, title]);

  let detail: ReactNode = null;
  if (error.kind === 'unmatched') detail = <FormattedMessage id="error.unmatched" values={{ path: error.path }} />;
  else if (error.kind === 'validation') detail = <FormattedMessage id="error.validation" values={{ path: error.path }} />;

  let legit: ReactNode = null;
  if (variant === '403') {
    const phone = text(error.data?.legit_user_phone);
    const email = text(error.data?.legit_user_email);
    const strong = (v: string) => <strong className="lay-error__account">{v}</strong>;
    if (phone && email) legit = <FormattedMessage id="error.403.legitBoth" values={{ phone: strong(phone), email: strong(email) }} />;
    else if (phone) legit = <FormattedMessage id="error.403.legitPhone" values={{ phone: strong(phone) }} />;
    else if (email) legit = <FormattedMessage id="error.403.legitEmail" values={{ email: strong(email) }} />;
  }

  const showContacts = variant !== '410' && variant !== 'removed';
  const goHome = variant === '404' || variant === 'removed';
  // Where a traveller looked for something and did not find it (or the site failed), 'Any tour program on your
  // request' is the way forward; not on 410 (log in again) or 503 (the server is down, a request would fail too).
  const showHelpCard = variant !== '410' && variant !== '503';

  return (
    <section className={`lay-error lay-error--${variant}`} data-status={error.status} data-variant={variant} aria-labelledby="lay-error-title">
      <div className="lay-error__hero">
        {variant === '404' && <NotFoundIllustration />}
        <div className="lay-error__copy">
          <p className="lay-error__code" aria-hidden="true">
            {variant === 'removed' ? 404 : variant}
          </p>
          <h1 id="lay-error-title" className="lay-error__title" tabIndex={-1}>
            {title}
          </h1>
          <p className="lay-error__text">{intl.formatMessage({ id: `error.${variant}.text` })}</p>
          {detail && <p className="lay-error__detail">{detail}</p>}
          {legit && <p className="lay-error__legit">{legit}</p>}
          <div className="lay-error__actions">
            {variant === '403' && (
              <Button onClick={() => logInAgain(host)} aria-haspopup="dialog">
                {intl.formatMessage({ id: 'error.403.login' })}
              </Button>
            )}
            {goHome ? (
              <Link className="ui-btn ui-btn--primary" href={host.href('index')}>
                {intl.formatMessage({ id: 'error.goHome' })}
              </Link>
            ) : (
              <Button variant={variant === '403' ? 'secondary' : 'primary'} onClick={() => browser.reload()}>
                {intl.formatMessage({ id: 'error.refresh' })}
              </Button>
            )}
          </div>
        </div>
      </div>
      {variant === 'removed' && <RemovedExtras data={error.data} />}
      {showContacts && <ErrorContacts />}
      {showHelpCard && <HelpCardBelow />}
    </section>
  );
}
