import { Suspense, createContext, lazy, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { loadSanitizer, useNearViewport } from '@tours/shared/kit';

const load = () => import(/* webpackChunkName: "tour-sections" */ './sections/lower');

export const LowerRoute = lazy(() => load().then((m) => ({ default: m.Route })));
export const LowerAccommodation = lazy(() => load().then((m) => ({ default: m.Accommodation })));
export const LowerConditions = lazy(() => load().then((m) => ({ default: m.Conditions })));
export const LowerFaq = lazy(() => load().then((m) => ({ default: m.Faq })));
export const LowerSchedule = lazy(() => load().then((m) => ({ default: m.Schedule })));
export const LowerReviews = lazy(() => load().then((m) => ({ default: m.Reviews })));
export const LowerOrganizer = lazy(() => load().then((m) => ({ default: m.Organizer })));
export const LowerSimilar = lazy(() => load().then((m) => ({ default: m.Similar })));

const loadAside = () => import(/* webpackChunkName: "tour-aside" */ './sections/aside');
export const AsideSidebar = lazy(() => loadAside().then((m) => ({ default: m.Sidebar })));
export const AsideWidgets = lazy(() => loadAside().then((m) => ({ default: m.Widgets })));

/** The aside (booking card, widgets): a placeholder of its size until it comes within 800 px of the viewport. */
export function DeferredAside({ children, label }: { children: ReactNode; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, '800px');
  const placeholder = (
    <div ref={ref} className="tour-card tour-aside-pending" aria-label={label} aria-busy="true" role="status">
      <span className="ui-skeleton tour-pending" aria-hidden="true" />
    </div>
  );
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

/** Where a section's top lands when a link scrolls to it: below the sticky section navigation. */
export const SECTION_OFFSET = 56;

/** Whether the lower sections are rendered, and how a placeholder asks for them. */
export const LowerSections = createContext<{ active: boolean; request: () => void }>({ active: true, request: () => undefined });

/** Starts downloading the lower sections early (a hover or focus on the anchor navigation). */
export function preloadLowerSections(): void {
  void load();
}

/**
 * A lower section: until the lower part is loaded, a placeholder with the same anchor and heading stands in
 * (so anchors and the scroll-spy work); coming within 800 px of the viewport asks for the lower part.
 */
export function Deferred({ anchor, title, children }: { anchor?: string; title: string; children: ReactNode }) {
  const { active, request } = useContext(LowerSections);
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref, '800px');
  useEffect(() => {
    if (near) request();
  }, [near, request]);
  const placeholder = (
    <section ref={ref} id={anchor} className="tour-section tour-section--pending" aria-labelledby={anchor ? `${anchor}-title` : undefined} aria-busy="true" tabIndex={anchor ? -1 : undefined}>
      <div className="tour-section__head">
        <h2 id={anchor ? `${anchor}-title` : undefined} className="tour-section__title">{title}</h2>
      </div>
      <span className="ui-skeleton tour-pending" aria-hidden="true" />
    </section>
  );
  return active ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

/** Set once the kit's sanitiser is here (preloadSanitizer): HTML rendered after that needs no placeholder. */
let sanitizerHere = false;

/** Fetches the sanitiser (the tour page asks for it beside the tour, so the description paints with the page). */
export function preloadSanitizer(): Promise<void> {
  return loadSanitizer().then(
    () => {
      sanitizerHere = true;
    },
    () => undefined,
  );
}

/**
 * Sanitised HTML. When the sanitiser is already here it renders with the page, in place (the tour page waits for it
 * beside the tour: a placeholder swapped for the text moved what follows, issue 33, 320 px). Otherwise it renders
 * when it comes near the viewport, the sanitiser downloading then; the placeholder stays until the sanitiser has
 * arrived, so the HTML replaces it at once.
 */
export function DeferredHtml({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, '200px');
  const [sanitizer, setSanitizer] = useState(() => sanitizerHere);
  useEffect(() => {
    if (!near || sanitizer) return undefined;
    let live = true;
    void preloadSanitizer().then(() => live && setSanitizer(true));
    return () => {
      live = false;
    };
  }, [near, sanitizer]);
  return sanitizer && (near || sanitizerHere) ? <>{children}</> : <div ref={ref} className="tour-html-pending" aria-hidden="true" />;
}
