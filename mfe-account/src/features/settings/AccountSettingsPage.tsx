import { Suspense, lazy, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { sessionAtom, useHost } from '@tours/shared/core';
import { PageHeader } from '@tours/shared/kit';
import { AccountNav } from '../common/AccountNav';
import { SignInPrompt } from '../common/SignInPrompt';
import { LinkHandler } from './LinkHandler';
import { SettingsLoading } from './SettingsLoading';
import './settings.css';

// Issue 33: a signed-out visitor sees the page's header and the prompt to log in, so the signed-in sections (the
// profile's, e-mail's, phone's and password's forms, the phone input with its country search) are their own chunk,
// fetched once there is a session; until it is there the page shows the profile's loading skeleton, as it did while
// the profile loaded.
const AccountSections = lazy(() => import(/* webpackChunkName: "account-sections" */ './AccountSections'));

/**
 * Account settings (/account; accounts-and-comms §2 'Profile and account settings', whose screens the spec does not
 * show): at the top, the link an e-mail brought (sign-in, password reset, e-mail confirmation: with or without a
 * session); then, signed in, the sections — profile (name, language, country), e-mail, phone, password — each a
 * small form of its own, under the hasEmptyFields prompt (§3). Without a session it offers to log in (the
 * account/login modal).
 */
export default function AccountSettingsPage() {
  const intl = useIntl();
  const host = useHost();
  const session = useAtomValue(sessionAtom);
  // Bumped when a link confirmed an e-mail: the sections load the profile again.
  const [linkConfirmations, setLinkConfirmations] = useState(0);
  const title = intl.formatMessage({ id: 'page.account.title' });
  return (
    <section className="acc-settings">
      <PageHeader title={title} breadcrumbs={[{ url: host.href('index'), text: intl.formatMessage({ id: 'common.home' }) }, { text: title }]} />
      <AccountNav current="account" />
      <LinkHandler onEmailConfirmed={() => setLinkConfirmations((n) => n + 1)} />
      {session ? (
        <Suspense fallback={<SettingsLoading />}>
          <AccountSections token={session.token} reloadKey={linkConfirmations} />
        </Suspense>
      ) : (
        <SignInPrompt messageId="account.settings.signInPrompt" className="acc-settings__card" />
      )}
    </section>
  );
}

