import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { routeAtom } from '@tours/shared/core';
import { MFE_NAMES, slotId, type MfeName, type RouteMatch } from '@tours/shared/contract';
import { PageSkeleton, TourSkeleton } from '@tours/shared/kit';
import { remotesAtom } from '../federation/remotes-state';
import type { RemoteLoader } from '../federation/loader';
import { retryMicrofrontend } from '../federation/register';
import { firstScreenAtom } from '../routing/sync';
import { remoteLoaded, useAutoRetry } from './auto-retry';
import { MainFirstScreen, RequestFirstScreen, SearchFirstScreen } from './FirstScreens';
import type { FirstScreen } from '../state/initial';

/**
 * What stands in for the page until its microfrontend paints: the route's own first screen, with what the server
 * already knows of it (the tour's hero, the first results' or the tour's image) when it is this path's, so the LCP
 * element paints with the HTML; otherwise the generic skeleton.
 */
function Placeholder({ route, firstScreen }: { route: RouteMatch; firstScreen: FirstScreen | null }) {
  const known = firstScreen && firstScreen.path === route.path && firstScreen.locale === route.locale ? firstScreen : null;
  switch (route.def.placeholder) {
    case 'tour': return <TourSkeleton hero={known?.tourHero ?? null} />;
    case 'main': return <MainFirstScreen />;
    case 'request': return <RequestFirstScreen image={known?.tourImage ?? null} />;
    // Only the server knows the first results (and the place that titles the page): without them, the generic skeleton.
    case 'search': return known?.cardImages?.length ? <SearchFirstScreen images={known.cardImages} placeName={known.placeName ?? null} /> : <PageSkeleton />;
    default: return <PageSkeleton />;
  }
}

/** The fallback of a remote that could not be loaded: the layout stays; it is tried again by itself, or on Retry. */
function SlotFallback({ name, loader }: { name: MfeName; loader: RemoteLoader }) {
  useAutoRetry(name, () => retryMicrofrontend(name, loader));
  return (
    <section className="host-slot-fallback" role="alert" data-testid={`slot-failed-${name}`}>
      <h1 className="host-slot-fallback__title">
        <FormattedMessage id="platform.slotFailed.title" />
      </h1>
      <p>
        <FormattedMessage id="platform.slotFailed.text" />
      </p>
      <button type="button" className="ui-btn ui-btn--primary" onClick={() => retryMicrofrontend(name, loader)}>
        <FormattedMessage id="common.retry" />
      </button>
    </section>
  );
}

/**
 * One DOM slot per microfrontend; single-spa mounts into them. Each slot moves through
 * loading → mounted → failed on its own, so one remote failing never touches the others.
 */
export function Slots({ loader, hidden }: { loader: RemoteLoader; hidden: boolean }) {
  const route = useAtomValue(routeAtom);
  const remotes = useAtomValue(remotesAtom);
  const firstScreen = useAtomValue(firstScreenAtom);
  const active = route?.def.owner ?? null;
  const state = active ? remotes[active]?.state ?? 'idle' : null;
  useEffect(() => {
    if (active && state === 'mounted') remoteLoaded(active);
  }, [active, state]);
  // The placeholder stays while the remote has nothing on screen (loading, or its screen's code still on the
  // way): host.css hides it in the same frame the slot paints, so the page never flashes empty or doubles.
  return (
    <div className="host-slots" hidden={hidden}>
      {route && active && state !== 'failed' && <Placeholder route={route} firstScreen={firstScreen} />}
      {active && state === 'failed' && <SlotFallback name={active} loader={loader} />}
      {MFE_NAMES.map((name) => (
        <div key={name} id={slotId(name)} className="host-slot" data-mfe={name} hidden={name !== active || state === 'failed'} />
      ))}
    </div>
  );
}
