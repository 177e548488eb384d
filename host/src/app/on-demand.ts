import { useEffect, useState } from 'react';

/**
 * A part of the shell whose code loads when it is first wanted (the drawer menu, the modal outlet, the e-book sheet),
 * not with every page. Unlike React.lazy, a chunk that fails to load (offline, a deploy replaced it) costs that part
 * only, never the page: `onFailed` says so (the caller closes what waited), and the next time the part is wanted the
 * load is tried again.
 */
export function useOnDemand<T>(load: () => Promise<T>, wanted: boolean, onFailed?: (error: unknown) => void): T | null {
  const [loaded, setLoaded] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return undefined;
    let live = true;
    load().then(
      (value) => {
        if (live) setLoaded({ value });
      },
      (error: unknown) => {
        console.error('a part of the page failed to load', error);
        if (live) onFailed?.(error);
      },
    );
    return () => {
      live = false;
    };
    // `load` and `onFailed` are the caller's; a new wish (wanted again) is what starts another try.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, loaded]);
  return loaded?.value ?? null;
}
