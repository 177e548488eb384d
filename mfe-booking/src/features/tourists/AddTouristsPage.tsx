import { useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { PageHeader } from '@tours/shared/kit';

export default function AddTouristsPage() {
  const intl = useIntl();
  const host = useHost();
  const title = intl.formatMessage({ id: 'page.add-tourists.title' });
  return (
    <section>
      <PageHeader title={title} breadcrumbs={[{ url: host.href('index'), text: intl.formatMessage({ id: 'common.home' }) }, { text: title }]} />
    </section>
  );
}
