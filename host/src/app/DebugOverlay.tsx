import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { MFE_NAMES, remotesAtom, STORAGE, type MfeName } from '@tours/shared';
import { readOverrides, writeOverride } from '../federation/manifest';
import type { RemoteLoader } from '../federation/loader';

/** Shown when ?siteDebug is present (the flag is then stored) or the stored flag is set (§2.3). */
export function isDebugOn(loc: Location = window.location, storage: Storage = localStorage): boolean {
  const params = new URLSearchParams(loc.search);
  if (params.has('siteDebug')) {
    const value = params.get('siteDebug');
    if (value === '0' || value === 'false') {
      storage.removeItem(STORAGE.debugFlag);
      return false;
    }
    storage.setItem(STORAGE.debugFlag, '1');
    return true;
  }
  return storage.getItem(STORAGE.debugFlag) === '1';
}

/** A visible banner while any developer override is active, so nobody mistakes it for production. */
export function OverrideBanner() {
  const [overrides, setOverrides] = useState(() => readOverrides());
  const names = Object.keys(overrides) as MfeName[];
  if (!names.length) return null;
  return (
    <div className="host-override-banner" role="status" data-testid="override-banner">
      <FormattedMessage id="platform.override.banner" values={{ list: names.map((n) => `${n} → ${overrides[n]}`).join(', ') }} />{' '}
      <button
        type="button"
        className="ui-btn ui-btn--link"
        onClick={() => {
          for (const n of names) writeOverride(n, null);
          setOverrides({});
          window.location.reload();
        }}
      >
        <FormattedMessage id="platform.override.reset" />
      </button>
    </div>
  );
}

export function DebugOverlay({ loader: _loader }: { loader: RemoteLoader }) {
  const intl = useIntl();
  const [on, setOn] = useState(false);
  const [open, setOpen] = useState(true);
  const remotes = useAtomValue(remotesAtom);
  const [drafts, setDrafts] = useState<Partial<Record<MfeName, string>>>(() => readOverrides());
  useEffect(() => setOn(isDebugOn()), []);
  if (!on) return null;
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
                <td>{r?.version ?? '—'}</td>
                <td data-testid={`debug-state-${name}`}>{r ? intl.formatMessage({ id: `platform.debug.state.${r.state}` }) : '—'}</td>
                <td>
                  <form
                    className="host-debug__override"
                    onSubmit={(e) => {
                      e.preventDefault();
                      writeOverride(name, drafts[name]?.trim() || null);
                      window.location.reload();
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
                      onChange={(e) => setDrafts({ ...drafts, [name]: e.target.value })}
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
    </aside>
  );
}
