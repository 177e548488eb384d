/*
 * mfe-search's wrapper of the shared test kit (@tours/shared/src/testing): the kit's fake host context at a search
 * URL, where navigate moves the route as the host does and a modal closes at once with `modalResult`.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { HostProvider } from '@tours/shared/core';
import type { ModalHandle } from '@tours/shared/contract';
import { createTestHost, type FakeRoutes, type TestHost } from '@tours/shared/src/testing';

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
