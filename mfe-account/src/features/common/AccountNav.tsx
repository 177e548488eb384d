import { useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { Link } from '@tours/shared/kit';
import './account-nav.css';

/** Between the account's pages (issue 29): Account settings and My trips, the current one marked. */
export function AccountNav({ current }: { current: 'account' | 'account-trips' }) {
  const intl = useIntl();
  const host = useHost();
  const pages = [
    { route: 'account', label: intl.formatMessage({ id: 'account.nav.settings' }) },
    { route: 'account-trips', label: intl.formatMessage({ id: 'account.nav.trips' }) },
  ] as const;
  return (
    <nav className="acc-nav" aria-label={intl.formatMessage({ id: 'account.nav.label' })}>
      <ul>
        {pages.map((p) => (
          <li key={p.route}>
            <Link href={host.href(p.route)} aria-current={p.route === current ? 'page' : undefined}>
              {p.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
