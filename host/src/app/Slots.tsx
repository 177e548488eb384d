import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { MFE_NAMES, PageSkeleton, remotesAtom, routeAtom, slotId, type MfeName } from '@tours/shared';
import type { RemoteLoader } from '../federation/loader';
import { retryMicrofrontend } from '../federation/register';

/** The fallback of a remote that could not be loaded: the layout stays, the visitor can retry. */
function SlotFallback({ name, loader }: { name: MfeName; loader: RemoteLoader }) {
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
  const active = route?.def.owner ?? null;
  const state = active ? remotes[active]?.state ?? 'idle' : null;
  return (
    <div className="host-slots" hidden={hidden}>
      {active && (state === 'idle' || state === 'loading') && <PageSkeleton />}
      {active && state === 'failed' && <SlotFallback name={active} loader={loader} />}
      {MFE_NAMES.map((name) => (
        <div key={name} id={slotId(name)} className="host-slot" data-mfe={name} hidden={name !== active || state === 'failed'} />
      ))}
    </div>
  );
}
