import { useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { PageHeader } from '@tours/shared/kit';

/** The header of a booking page: its title, under the breadcrumbs Home › title. */
export function BookingPageHeader({ title }: { title: string }) {
  const intl = useIntl();
  const host = useHost();
  return <PageHeader title={title} breadcrumbs={[{ url: host.href('index'), text: intl.formatMessage({ id: 'common.home' }) }, { text: title }]} />;
}
