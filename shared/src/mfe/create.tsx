import React, { Component, startTransition, Suspense, type ComponentType, type ReactNode } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import type { MfeCustomProps } from '../contract/host';
import type { ModalContentProps, ModalKey, ModalProps, ModalSpec } from '../contract/modals';
import { slotId, type MfeName } from '../contract/names';
import type { RouteName } from '../routing/routes';
import { routeAtom } from '@tours/shared/core';
import { HostProvider } from '@tours/shared/core';
import { PageSkeleton } from '../ui/Skeleton';

/**
 * react-dom/client for single-spa-react, with each root's renders as transitions: a microfrontend's first render
 * (a whole page, a thousand nodes) then runs in slices that yield to the browser instead of one long task on load
 * (issue 33, total blocking time). The host's own hydration is a transition for the same reason (bootstrap.tsx).
 */
const transitionClient = {
  createRoot(container: Element) {
    const root = ReactDOMClient.createRoot(container);
    return { render: (children: ReactNode) => startTransition(() => root.render(children)), unmount: () => root.unmount() };
  },
} as unknown as typeof ReactDOMClient;

/** Route name → screen: the contract's routes, and any the microfrontend declares itself (routeTable). */
export type Screens = Partial<Record<RouteName | (string & {}), ComponentType>>;


class ScreenBoundary extends Component<{ children: ReactNode; onError?: (e: Error) => void }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    console.error(error);
  }
  override render() {
    if (this.state.error) {
      return (
        <div role="alert" className="ui-screen-error">
          <p><FormattedMessage id="common.screenFailed" defaultMessage="This part of the page failed to load." /></p>
          <button type="button" className="ui-btn ui-btn--secondary" onClick={() => this.setState({ error: null })}>
            <FormattedMessage id="common.retry" defaultMessage="Retry" />
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}

function RouteSwitch({ screens }: { screens: Screens }) {
  const route = useAtomValue(routeAtom);
  const Screen = route ? screens[route.name] : undefined;
  if (!Screen) return null;
  // Keyed by path so a new page of the same kind starts with fresh state.
  return <Screen key={route!.path} />;
}

/**
 * single-spa lifecycles for a microfrontend's routes. The host mounts it in its slot while one of its
 * routes is active; the screen for the current route comes from the host's route atom.
 */
export function createMfeApp({ name, screens, version }: { name: MfeName; screens: Screens; version: string }) {
  function Root({ host }: MfeCustomProps) {
    return (
      <HostProvider host={host}>
        {/* The build that is on screen, for the debug overlay and deploy checks. */}
        <span hidden data-mfe-build={name} data-mfe-version={version} />
        <ScreenBoundary>
          {/* No fallback of its own: while the screen's code loads the slot stays empty, and the host shows
              its placeholder for the route (the tour page's skeleton with its hero) until the screen paints. */}
          <Suspense fallback={null}>
            <RouteSwitch screens={screens} />
          </Suspense>
        </ScreenBoundary>
      </HostProvider>
    );
  }
  return singleSpaReact<MfeCustomProps>({
    React,
    ReactDOMClient: transitionClient,
    rootComponent: Root,
    errorBoundary: () => <div role="alert" className="ui-screen-error" />,
    domElementGetter: () => {
      const el = document.getElementById(slotId(name));
      if (!el) throw new Error(`Slot #${slotId(name)} is missing from the host layout`);
      return el;
    },
  });
}

/**
 * single-spa lifecycles for a registered modal (contract/modals.ts), exposed by its owner as `./modal/{name}`:
 * `export const { bootstrap, mount, unmount, update, modal } = createMfeParcel('tour/variants', Content, { width: 500 })`.
 * The props are the registry's for `key`, so the parcel and its callers are checked against one type; `modal` is
 * the spec the host's outlet reads (width, label, persistence).
 */
export function createMfeParcel<K extends ModalKey>(key: K, Content: ComponentType<ModalProps<K> & { modal: ModalContentProps }>, spec: ModalSpec) {
  const Parcel = Content as unknown as ComponentType<Record<string, unknown> & { modal: ModalContentProps }>;
  function Root(props: MfeCustomProps & ModalProps<K>) {
    const { host, modal, ...rest } = props;
    return (
      <HostProvider host={host}>
        <ScreenBoundary>
          <Suspense fallback={<PageSkeleton compact />}>
            <Parcel {...rest} modal={modal!} />
          </Suspense>
        </ScreenBoundary>
      </HostProvider>
    );
  }
  const lifecycles = singleSpaReact<MfeCustomProps & ModalProps<K>>({ React, ReactDOMClient, rootComponent: Root, parcelCanUpdate: true });
  return { ...lifecycles, modal: spec, key };
}
