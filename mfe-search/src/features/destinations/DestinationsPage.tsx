import { useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { SearchFormAnswer, useApiQuery } from '@tours/shared/api';
import { ErrorState, PageHeader, Skeleton } from '@tours/shared/kit';
import { PlaceChips } from '../common/PlaceChips';
import '../common/common.css';

/** Destinations: every region and travel style with tours, each opening its filtered search. */
export default function DestinationsPage() {
  const intl = useIntl();
  const host = useHost();
  const title = intl.formatMessage({ id: 'page.destinations.title' });
  const form = useApiQuery('search-form', (signal) => host.api.get('/spa/search-form', { schema: SearchFormAnswer, signal }));
  return (
    <section>
      <PageHeader title={title} breadcrumbs={[{ url: host.href('index'), text: intl.formatMessage({ id: 'common.home' }) }, { text: title }]} />
      {!form.data && (form.error ? <ErrorState onRetry={form.retry} busy={form.loading} /> : <Skeleton height={120} />)}
      {form.data && (
        <>
          <h2>{intl.formatMessage({ id: 'main.destinations.regions' })}</h2>
          <PlaceChips places={form.data.regions} />
          <h2>{intl.formatMessage({ id: 'main.destinations.styles' })}</h2>
          <PlaceChips places={form.data.types} />
        </>
      )}
    </section>
  );
}
