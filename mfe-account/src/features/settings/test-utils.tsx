/** The account page as the settings tests open it, and the code step they all go through. */
import { act, fireEvent, type within } from '@testing-library/react';
import type { UserProfile } from '@tours/shared/api';
import { renderScreen, type FakeRoutes, type ScreenTest } from '@tours/shared/src/testing';
import AccountSettingsPage from './AccountSettingsPage';
import { countries, profileAnswer, session } from './test-fixtures';

/** Lets the fake API's answers arrive. */
export const flush = () => act(async () => undefined);

/** /en/account signed in: the profile (Anna's, with `profile` over it) and the countries; `routes` add or replace calls. */
export async function openSettings(routes: FakeRoutes = {}, profile: Partial<UserProfile> = {}): Promise<ScreenTest> {
  const t = renderScreen(<AccountSettingsPage />, {
    url: '/en/account',
    session,
    routes: { 'GET /crm/api/user/profile': () => profileAnswer(profile), 'GET /crm/api/dropdown/country': () => countries(), ...routes },
  });
  await flush();
  return t;
}

/** Types a code into a section's code step and confirms it; returns the code field. */
export async function confirmCode(section: ReturnType<typeof within>, code: string): Promise<HTMLElement> {
  const field = section.getByRole('textbox', { name: 'Code' });
  fireEvent.change(field, { target: { value: code } });
  fireEvent.click(section.getByRole('button', { name: 'Confirm' }));
  await flush();
  return field;
}
