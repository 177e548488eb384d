import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { appConfigAtom } from '@tours/shared/core';
import { MFE_NAMES, type MfeName } from '@tours/shared/contract';
import { remotesAtom } from '../federation/remotes-state';
import { readOverrides, writeOverride } from '../federation/manifest';
import type { RemoteLoader } from '../federation/loader';
import { browser } from '../layout/browser';

export { isDebugOn } from './debug-flag';

/**
 * The debug overlay (§2.3): its own chunk, rendered (and loaded) only when the debug flag is on and origins are
 * allowed (App's DebugGate). A URL whose origin is not on `debugOrigins` is refused with a message, never stored.
 */
export function DebugOverlay({ loader: _loader }: { loader: RemoteLoader }) {
  const intl = useIntl();
  const [open, setOpen] = useState(true);
  const remotes = useAtomValue(remotesAtom);
  const allowlist = useAtomValue(appConfigAtom).debugOrigins ?? [];
  const [drafts, setDrafts] = useState<Partial<Record<MfeName, string>>>(() => readOverrides(allowlist, localStorage, () => undefined));
  const [refused, setRefused] = useState<{ name: MfeName; origin: string } | null>(null);
  if (!open) {
    return (
      <button type="button" className="host-debug__toggle" onClick={() => setOpen(true)}>
        <FormattedMessage id="platform.debug.title" />
      </button>
    );
  }
  return (
    <aside className="host-debug" aria-labelledby="host-debug-title" data-testid="debug-overlay">
      <div className="host-debug__head">
        <h2 id="host-debug-title"><FormattedMessage id="platform.debug.title" /></h2>
        <button type="button" className="ui-btn ui-btn--link" onClick={() => setOpen(false)}>
          <FormattedMessage id="common.close" />
        </button>
      </div>
      <p className="host-debug__allowed">{intl.formatMessage({ id: 'platform.debug.allowed' }, { list: allowlist.join(', ') })}</p>
      <table>
        <thead>
          <tr>
            <th scope="col"><FormattedMessage id="platform.debug.remote" /></th>
            <th scope="col"><FormattedMessage id="platform.debug.version" /></th>
            <th scope="col"><FormattedMessage id="platform.debug.state" /></th>
            <th scope="col"><FormattedMessage id="platform.debug.url" /></th>
          </tr>
        </thead>
        <tbody>
          {MFE_NAMES.map((name) => {
            const r = remotes[name];
            return (
              <tr key={name} data-remote={name}>
                <th scope="row">{name}</th>
                <td title={r?.previous?.url}>{r ? (r.previous ? intl.formatMessage({ id: 'platform.debug.withPrevious' }, { version: r.version, previous: r.previous.version }) : r.version) : '—'}</td>
                <td data-testid={`debug-state-${name}`}>{r ? intl.formatMessage({ id: `platform.debug.state.${r.state}` }) : '—'}</td>
                <td>
                  <form
                    className="host-debug__override"
                    onSubmit={(e) => {
                      e.preventDefault();
                      const url = drafts[name]?.trim() || null;
                      if (!writeOverride(name, url, allowlist)) {
                        setRefused({ name, origin: originOf(url!) });
                        return;
                      }
                      browser.reload();
                    }}
                  >
                    <label className="visually-hidden" htmlFor={`override-${name}`}>
                      {intl.formatMessage({ id: 'platform.debug.overrideLabel' }, { name })}
                    </label>
                    <input
                      id={`override-${name}`}
                      type="url"
                      placeholder={r?.url ?? ''}
                      value={drafts[name] ?? ''}
                      aria-invalid={refused?.name === name || undefined}
                      aria-describedby={refused?.name === name ? 'host-debug-refused' : undefined}
                      onChange={(e) => {
                        setDrafts({ ...drafts, [name]: e.target.value });
                        if (refused?.name === name) setRefused(null);
                      }}
                    />
                    <button type="submit" className="ui-btn ui-btn--secondary">
                      <FormattedMessage id="platform.debug.save" />
                    </button>
                  </form>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {refused && (
        <p id="host-debug-refused" className="host-debug__refused" role="alert">
          {intl.formatMessage({ id: 'platform.debug.notAllowed' }, { origin: refused.origin })}
        </p>
      )}
    </aside>
  );
}

function originOf(url: string): string {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? url : origin;
  } catch {
    return url;
  }
}
