import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MfeName } from '@tours/shared';
import { readOverrides, writeOverride } from '../federation/manifest';

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
