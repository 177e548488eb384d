import { useEffect, useState, type ReactNode } from 'react';

/** True after the first client render: state that lives only in the browser renders after hydration. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Renders its children only in the browser, after hydration. For parts whose first state comes from
 * cookies, storage or the device (cookie alert, override banner), so the server HTML and the first
 * client render always agree.
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? <>{children}</> : null;
}
