import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { routeAtom, useHost } from '@tours/shared/core';
import { PageHeader } from '@tours/shared/kit';

/** Informational pages (visa, about, gift cards, …): title, breadcrumbs and the page's text from the catalogue. */
export default function InfoPage() {
  const intl = useIntl();
  const host = useHost();
  const route = useAtomValue(routeAtom)!;
  const title = intl.formatMessage({ id: `page.${route.name}.title` });
  return (
    <article className="srch-info">
      <PageHeader title={title} breadcrumbs={[{ url: host.href('index'), text: intl.formatMessage({ id: 'common.home' }) }, { text: title }]} />
      <p>{intl.formatMessage({ id: `page.${route.name}.lead` })}</p>
    </article>
  );
}
