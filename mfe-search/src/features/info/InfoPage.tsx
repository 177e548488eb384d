import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { localeAtom, routeAtom, useHost } from '@tours/shared/core';
import { isRetryableError } from '@tours/shared/api';
import { ErrorState, PageHeader, PageSkeleton, usePageError } from '@tours/shared/kit';
import { InfoBlocks } from '../common/InfoBlocks';
import { infoPageKey, showsVersion, useInfoPage } from '../common/info-content';
import { LazyHelpCard } from '../common/LazyHelpCard';
import { ContactActions } from './ContactActions';

/**
 * Informational pages (visa, about, gift cards, certificates, contacts, FAQ, press, terms, privacy, cookies; issue 17):
 * the title and breadcrumbs from the catalogue, the content from GET /spa/info-page as blocks. The legal documents
 * show their version and date; the contacts page adds the callback and e-mail forms and the common help card (§2.7).
 * No answer (network, 5xx) is shown in place with Retry; another answer (404) is the host's error page.
 */
export default function InfoPage() {
  const intl = useIntl();
  const host = useHost();
  const route = useAtomValue(routeAtom);
  const locale = useAtomValue(localeAtom);
  const key = infoPageKey(route?.name);
  const content = useInfoPage(host, key, locale);
  const unavailable = content.error !== null && isRetryableError(content.error);
  usePageError(content.error);

  const title = intl.formatMessage({ id: `page.${route?.name ?? 'index'}.title` });
  const page = content.data;
  return (
    <article className="srch-info" aria-busy={!page || undefined}>
      <PageHeader title={title} breadcrumbs={[{ url: host.href('index'), text: intl.formatMessage({ id: 'common.home' }) }, { text: title }]}>
        {page && key && showsVersion(key) && (
          <p className="srch-info__version">
            {intl.formatMessage(
              { id: 'info.version' },
              { version: page.version, date: <time dateTime={page.updated_at} key="d">{intl.formatDate(page.updated_at, { dateStyle: 'long', timeZone: 'UTC' })}</time> },
            )}
          </p>
        )}
      </PageHeader>
      {page ? (
        <div lang={page.fallback_locale ? 'en' : undefined}>
          <InfoBlocks blocks={page.blocks} contactsActions={key === 'contacts' ? <ContactActions /> : undefined} />
          {key === 'contacts' && <LazyHelpCard clickSource="contacts_page" />}
        </div>
      ) : unavailable ? (
        <ErrorState onRetry={content.retry} busy={content.loading} />
      ) : (
        <PageSkeleton />
      )}
    </article>
  );
}
