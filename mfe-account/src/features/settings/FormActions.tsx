import { useIntl } from 'react-intl';
import { Button } from '@tours/shared/kit';

/** The submit and 'Cancel' row of a contact-change step (e-mail and phone: send the code, confirm it). */
export function FormActions({ submitId, loading, onCancel }: { submitId: string; loading: boolean; onCancel: () => void }) {
  const intl = useIntl();
  return (
    <div className="acc-settings__actions">
      <Button type="submit" loading={loading}>
        {intl.formatMessage({ id: submitId })}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        {intl.formatMessage({ id: 'account.contact.cancel' })}
      </Button>
    </div>
  );
}
