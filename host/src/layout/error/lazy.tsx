import type { ComponentProps, ComponentType } from 'react';
import type { ErrorPage as ErrorPageComponent } from './ErrorPage';

/**
 * The error page (§2.8) is its own chunk: most visits never show it, and it carries the similar-tour cards' rules.
 * The server render provides it directly (ssr.tsx); the browser loads it before hydrating a page the server answered
 * with an error (bootstrap.tsx), so hydration never waits, and otherwise when a page fails.
 */
type Props = ComponentProps<typeof ErrorPageComponent>;
let loaded: ComponentType<Props> | null = null;
let loading: Promise<void> | null = null;

export function loadErrorPage(): Promise<void> {
  loading ??= import(/* webpackChunkName: "error-page" */ './ErrorPage').then((m) => {
    loaded = m.ErrorPage;
  });
  return loading;
}

/** For the server render, which has the component at hand. */
export function provideErrorPage(component: ComponentType<Props>): void {
  loaded = component;
}

/** Suspends (the caller's Suspense boundary) until the chunk is there: React 18 suspends on a thrown promise. */
export function LazyErrorPage(props: Props) {
  if (!loaded) throw loadErrorPage();
  const Page = loaded!;
  return <Page {...props} />;
}
