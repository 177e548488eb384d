import { useIntl } from 'react-intl';
import { PageHeader, useHost } from '@tours/shared';

export default function DestinationsPage() {
  const intl = useIntl();
  const host = useHost();
  const title = intl.formatMessage({ id: 'page.destinations.title' });
  return (
    <section>
      <PageHeader title={title} breadcrumbs={[{ url: host.href('index'), text: intl.formatMessage({ id: 'common.home' }) }, { text: title }]} />
    </section>
  );
}
