import { BREAKPOINTS, browserMoscowOffset } from '@tours/shared/domain';

/** Browser effects the layout needs, behind one object so tests can replace them. */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  /** Below the md breakpoint (phones and small tablets). */
  isBelowMd(): boolean {
    return typeof window.matchMedia === 'function' && window.matchMedia(`(max-width: ${BREAKPOINTS.md - 0.02}px)`).matches;
  },
  currentUrl(): string {
    return window.location.href;
  },
  /** Hours from Moscow time (GMT+3) to the visitor's clock, from the table of -15..+11 (§7.4). */
  moscowOffsetHours(): number {
    return browserMoscowOffset().offset;
  },
};

export function readLocal(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage blocked: the choice lasts for this page only */
  }
}

export function readSession(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    /* storage blocked */
  }
}
