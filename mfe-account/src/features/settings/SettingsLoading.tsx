import { useIntl } from 'react-intl';
import { Skeleton } from '@tours/shared/kit';

/** The account settings while the signed-in sections' code or the profile loads. */
export function SettingsLoading() {
  const intl = useIntl();
  return (
    <div aria-busy="true">
      <span className="visually-hidden">{intl.formatMessage({ id: 'common.loading' })}</span>
      <Skeleton className="acc-settings__skeleton" />
    </div>
  );
}
