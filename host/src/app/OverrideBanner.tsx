import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { appConfigAtom } from '@tours/shared/core';
import type { MfeName } from '@tours/shared/contract';
import { readOverrides, writeOverride } from '../federation/manifest';
import { browser } from '../layout/browser';

/** A visible banner while any developer override is active, so nobody mistakes it for production. */
export function OverrideBanner() {
  // The overrides in use: those from an allowed origin (the rest are ignored, with a warning).
  const allowlist = useAtomValue(appConfigAtom).debugOrigins ?? [];
  const [overrides, setOverrides] = useState(() => readOverrides(allowlist, localStorage, () => undefined));
  const names = Object.keys(overrides) as MfeName[];
  if (!names.length) return null;
  return (
    <div className="host-override-banner" role="status" data-testid="override-banner">
      <FormattedMessage id="platform.override.banner" values={{ list: names.map((n) => `${n} → ${overrides[n]}`).join(', ') }} />{' '}
      <button
        type="button"
        className="ui-btn ui-btn--link"
        onClick={() => {
          for (const n of names) writeOverride(n, null, allowlist);
          setOverrides({});
          browser.reload();
        }}
      >
        <FormattedMessage id="platform.override.reset" />
      </button>
    </div>
  );
}
