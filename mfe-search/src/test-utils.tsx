/*
 * mfe-search's wrapper of the shared test kit (@tours/shared/src/testing): the kit's fake host context at a search
 * URL, where navigate moves the route as the host does and a modal closes at once with `modalResult`.
 */
import type { ReactElement } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HostProvider } from '@tours/shared/core';
import type { ModalHandle } from '@tours/shared/contract';
import { createTestHost, fillHelpCard, type FakeRoutes, type TestHost } from '@tours/shared/src/testing';

export interface Harness extends TestHost {
  view: ReturnType<typeof render>;
}

export function renderWithHost(
  ui: ReactElement,
  { path = '/en/tours', routes = {}, modalResult, currency = 'RUB' }: { path?: string; routes?: FakeRoutes; modalResult?: unknown; currency?: string } = {},
): Harness {
  // jsdom has no scrolling.
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  const t = createTestHost({ url: path, routes, currency, followNavigation: true });
  t.openModal.mockImplementation((): ModalHandle => ({ id: 'm1', close: () => undefined, closed: Promise.resolve(modalResult) }));
  const view = render(<HostProvider host={t.host}>{ui}</HostProvider>);
  return { ...t, view };
}

/** The load error shown in place of what did not come (the kit's load error). */
export const LOAD_FAILED = "We couldn't load this. We'll keep trying, or you can retry now.";

/** A call that got no answer shows the load error in place (not the error page), and Retry asks again; returns the alert. */
export async function expectLoadErrorAndRetry(h: Harness, call: string): Promise<HTMLElement> {
  const alert = await screen.findByRole('alert', { name: LOAD_FAILED });
  expect(h.emit).not.toHaveBeenCalledWith('page:error', expect.anything());
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(h.calls.filter((c) => c.path === call)).toHaveLength(2));
  return alert;
}

/** The help request's answer (§7.4) for the common help card's tests. */
export const HELP_ANSWER = { 'POST /spa/submit-help-request': { request_id: 77, requestUUID: '0f6a3c2e-1b7d-4e8a-9c55-2d1f0a9b8c7e' } };

/** Fills the common help card and submits it; expects one captcha call and the success screen; returns the data sent. */
export async function fillHelpCardAndSubmit(h: Harness) {
  await fillHelpCard(userEvent.setup(), 'Kamchatka in August');
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Request #77 has been sent' })).toBeInTheDocument());
  const calls = h.calls.filter((c) => c.method === 'POST' && c.path === '/spa/submit-help-request');
  expect(calls).toHaveLength(1);
  expect(calls[0]!.captcha).toBe(true);
  return (calls[0]!.body as { data: Record<string, unknown> }).data;
}

/** The common help card (§2.7) is shown with its labelled fields, the prompt and the button. */
export function expectHelpCard() {
  expect(screen.getByRole('textbox', { name: /^Name/ })).toBeRequired();
  expect(screen.getByRole('textbox', { name: /^Phone/ })).toBeRequired();
  expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveAttribute('placeholder', 'Where do you want to go?');
  expect(screen.getByRole('button', { name: 'Submit request' })).toBeInTheDocument();
}
