import { useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { Button } from '@tours/shared/kit';

/** An account page without a session: why to log in, and 'Log in' (the account/login modal). */
export function SignInPrompt({ messageId, className }: { messageId: string; className: string }) {
  const intl = useIntl();
  const host = useHost();
  return (
    <div className={className}>
      <p>{intl.formatMessage({ id: messageId })}</p>
      <Button onClick={() => host.openModal('account/login', { reason: 'login-required' })}>{intl.formatMessage({ id: 'account.settings.signIn' })}</Button>
    </div>
  );
}
