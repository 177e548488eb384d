/**
 * Where the page stands after a navigation (issue 17): a new page starts at the top, or at its #anchor once that is
 * drawn; back and forward bring back the place the visitor left; a reload keeps it. The browser's own restoration is
 * turned off ('manual'): our pages draw after the history change, so it would find a page too short and give up.
 *
 * - Every history entry has a key: the Navigation API's `navigation.currentEntry.key` where the browser has it (kept
 *   across reloads and traversals, and no history write of ours), else one we put in `history.state.scrollKey`.
 *   Positions are kept per key in sessionStorage (the last KEEP), taken as the visitor scrolls and when a navigation
 *   starts (before the new page can clamp it), and written a moment later or when the page is left.
 * - A navigation that keeps the path (a filter, a page of results, a tab, an anchor) is not a new page: nothing moves.
 * - A new page with an #anchor: the target is brought to the top when it appears and kept there while the page draws
 *   (for RESTORE_MS, unless the visitor takes over).
 * - Back/forward (a popstate of the browser, not single-spa's own) and a reload: once the new page is mounted, the
 *   saved place is applied as soon as the page is tall enough and held while the page draws, for RESTORE_MS, unless
 *   the visitor takes over (wheel, touch, a key, a pointer press such as on the scrollbar).
 */
const STORAGE_KEY = 'scroll-positions';
const KEEP = 50;
const RESTORE_MS = 3000;
/** What the visitor does to take the page's place over from a pending restore. */
const TAKE_OVER = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

type Positions = Map<string, number>;

function load(storage: Storage | null): Positions {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]');
    if (Array.isArray(raw)) return new Map(raw.filter((e): e is [string, number] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number'));
  } catch {
    /* unreadable: start afresh */
  }
  return new Map();
}

function sessionStore(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null; // storage blocked: positions live as long as the page
  }
}

/** Installs the behaviour on a window; answers a function that removes it (tests). */
export function installScrollRestoration(win: Window = window): () => void {
  const { history, document } = win;
  const storage = sessionStore(win);
  const positions = load(storage);
  try {
    history.scrollRestoration = 'manual';
  } catch {
    /* not supported: the browser's own applies */
  }

  // A filter change is a history entry too: the second write that added our key cost a few ms of it (issue 33).
  const navigation = (win as Window & { navigation?: { currentEntry?: { key?: string } | null } }).navigation;
  const keyOfEntry = (): string => {
    const entryKey = navigation?.currentEntry?.key;
    if (entryKey) return entryKey;
    const state: unknown = history.state;
    if (state && typeof state === 'object' && typeof (state as { scrollKey?: unknown }).scrollKey === 'string') return (state as { scrollKey: string }).scrollKey;
    const key = Math.random().toString(36).slice(2, 10);
    history.replaceState({ ...(state && typeof state === 'object' ? state : {}), scrollKey: key }, '');
    return key;
  };

  let key = keyOfEntry();
  let path = win.location.pathname;
  let traversal = positions.has(key); // a reload of an entry we know
  let saving = true;
  /** The first routing is the page load: nothing to save yet (the place of a reload is about to be restored). */
  let loaded = false;
  let cancelPending: (() => void) | null = null;
  let persistTimer: ReturnType<typeof setTimeout> | undefined;

  const persist = () => {
    clearTimeout(persistTimer);
    persistTimer = undefined;
    while (positions.size > KEEP) positions.delete(positions.keys().next().value!);
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify([...positions]));
    } catch {
      /* full or blocked */
    }
  };
  const save = () => {
    if (!saving) return;
    positions.delete(key); // the newest last: the oldest go first
    positions.set(key, Math.round(win.scrollY));
    persistTimer ??= setTimeout(persist, 250);
  };

  /** Runs `attempt` every frame until it answers true, the time is up, or the visitor takes over. */
  const until = (attempt: () => boolean) => {
    cancelPending?.();
    if (attempt()) return;
    const started = Date.now();
    let frame = 0;
    const stop = () => {
      win.cancelAnimationFrame(frame);
      for (const type of TAKE_OVER) win.removeEventListener(type, stop);
      if (cancelPending === stop) cancelPending = null;
    };
    const tick = () => {
      if (attempt() || Date.now() - started > RESTORE_MS) stop();
      else frame = win.requestAnimationFrame(tick);
    };
    for (const type of TAKE_OVER) win.addEventListener(type, stop, { passive: true });
    cancelPending = stop;
    frame = win.requestAnimationFrame(tick);
  };

  const scrollTo = (y: number) => {
    const room = document.documentElement.scrollHeight - win.innerHeight;
    win.scrollTo(0, Math.min(y, Math.max(0, room)));
    return room >= y;
  };

  const onScroll = () => save();
  const onPopState = (event: PopStateEvent) => {
    // single-spa announces its own pushState/replaceState as popstate events, marked; the browser's are not.
    if (!(event as PopStateEvent & { singleSpa?: boolean }).singleSpa) traversal = true;
  };
  const onBeforeRouting = () => {
    // Taken now, written with the next save's timer (or on pagehide): storage writes are synchronous.
    if (loaded) save();
    loaded = true;
    saving = false;
    cancelPending?.();
  };
  const onRouted = () => {
    const newPath = win.location.pathname;
    key = keyOfEntry();
    const saved = positions.get(key);
    if (traversal && saved !== undefined) {
      // Held, not set once: the position belongs to the page as it was drawn, and parts of it (a bar above the header,
      // lazy sections, pictures) may arrive after the page is tall enough; the browser's scroll anchoring would then
      // keep the wrong content in view. Held for RESTORE_MS, unless the visitor takes over.
      until(() => {
        scrollTo(saved);
        return false;
      });
    }
    else if (newPath !== path && !traversal) {
      const anchor = decodeURIComponent(win.location.hash.slice(1));
      win.scrollTo(0, 0);
      if (anchor) {
        // Kept at the anchor while the page draws around it (lazy sections and pictures above it push it down), for
        // RESTORE_MS or until the visitor takes over: one scroll when the target first appears left it far below.
        let placed: number | null = null;
        until(() => {
          const target = document.getElementById(anchor);
          if (!target) return false;
          const top = target.getBoundingClientRect().top;
          if (placed === null || Math.abs(top - placed) > 1) {
            target.scrollIntoView();
            placed = target.getBoundingClientRect().top;
          }
          return false;
        });
      }
    }
    path = newPath;
    traversal = false;
    saving = true;
  };
  const onPageHide = () => {
    save();
    persist();
  };

  win.addEventListener('scroll', onScroll, { passive: true });
  win.addEventListener('popstate', onPopState);
  win.addEventListener('single-spa:before-routing-event', onBeforeRouting);
  win.addEventListener('single-spa:routing-event', onRouted);
  win.addEventListener('pagehide', onPageHide);
  return () => {
    cancelPending?.();
    clearTimeout(persistTimer);
    win.removeEventListener('scroll', onScroll);
    win.removeEventListener('popstate', onPopState);
    win.removeEventListener('single-spa:before-routing-event', onBeforeRouting);
    win.removeEventListener('single-spa:routing-event', onRouted);
    win.removeEventListener('pagehide', onPageHide);
  };
}
