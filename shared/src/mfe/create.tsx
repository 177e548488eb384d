import { Component, startTransition, Suspense, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root as ReactRoot } from 'react-dom/client';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import type { MfeCustomProps } from '../contract/host';
import type { ModalContentProps, ModalKey, ModalProps, ModalSpec } from '../contract/modals';
import { slotId, type MfeName } from '../contract/names';
import type { RouteName } from '../routing/routes';
import { routeAtom } from '@tours/shared/core';
import { HostProvider } from '@tours/shared/core';
import { PageSkeleton } from '../ui/Skeleton';

/** What single-spa hands every lifecycle: the application's or parcel's name, a parcel's element, the custom props. */
type LifecycleProps<P> = P & { name: string; domElement?: HTMLElement };

/** Settles a lifecycle's promise in a task after the tree's commit, as single-spa expects of a mount or an update. */
class Committed extends Component<{ done: () => void; children: ReactNode }> {
  override componentDidMount() {
    setTimeout(this.props.done);
  }
  override componentDidUpdate() {
    setTimeout(this.props.done);
  }
  override render() {
    return this.props.children;
  }
}

/** The last guard of a root: an error outside the screen's own boundary leaves `fallback`, not an empty slot. */
class RootBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * single-spa lifecycles (bootstrap, mount, update, unmount) rendering `Root` into a React 18 root: the few lines of
 * single-spa-react the site uses, without its 7 KB (2.5 KB gzip) on every route's first visit (issue 33).
 * `transition`: the root's renders are transitions, so a microfrontend's first render (a whole page, a thousand
 * nodes) runs in slices that yield to the browser instead of one long task on load (total blocking time); the host's
 * own hydration is a transition for the same reason (bootstrap.tsx). Modals (parcels) keep the default lane: they
 * answer a click.
 */
function reactLifecycles<P extends object>(
  Root: ComponentType<LifecycleProps<P>>,
  { element, transition, fallback }: { element: (props: LifecycleProps<P>) => HTMLElement; transition: boolean; fallback?: ReactNode },
) {
  const roots = new Map<string, ReactRoot>();
  const render = (root: ReactRoot, props: LifecycleProps<P>, done: () => void) => {
    const tree = <Root {...props} />;
    const app = <Committed done={done}>{fallback === undefined ? tree : <RootBoundary fallback={fallback}>{tree}</RootBoundary>}</Committed>;
    if (transition) startTransition(() => root.render(app));
    else root.render(app);
  };
  return {
    bootstrap: () => Promise.resolve(),
    mount: (props: LifecycleProps<P>) =>
      new Promise<void>((resolve) => {
        const root = createRoot(element(props));
        roots.set(props.name, root);
        render(root, props, resolve);
      }),
    update: (props: LifecycleProps<P>) =>
      new Promise<void>((resolve) => {
        const root = roots.get(props.name);
        if (root) render(root, props, resolve);
        else resolve();
      }),
    unmount: (props: LifecycleProps<P>) => {
      roots.get(props.name)?.unmount();
      roots.delete(props.name);
      return Promise.resolve();
    },
  };
}

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
  return reactLifecycles<MfeCustomProps>(Root, {
    transition: true,
    fallback: <div role="alert" className="ui-screen-error" />,
    element: () => {
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
  const lifecycles = reactLifecycles<MfeCustomProps & ModalProps<K>>(Root, {
    transition: false,
    element: ({ domElement, name }) => {
      if (!domElement) throw new Error(`Modal ${name} was mounted without its dialog's element`);
      return domElement;
    },
  });
  return { ...lifecycles, modal: spec, key };
}
