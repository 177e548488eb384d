/** Where the widget loader is (the `widgets` entry of the runtime manifest), and loading it into this page once. */
export async function widgetLoaderUrl(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetchImpl('/mfe-manifest.json', { cache: 'no-cache' });
    if (!response.ok) throw new Error(`[${response.status}] /mfe-manifest.json`);
    const manifest = (await response.json()) as { widgets?: { url?: unknown } };
    const url = manifest.widgets?.url;
    return typeof url === 'string' && /^https?:\/\//.test(url) ? url : null;
  } catch (error) {
    console.error('Widget loader location unavailable', error);
    return null;
  }
}

let loading: Promise<void> | null = null;

/** Adds the loader's script tag (once); resolves when it has run. */
export function loadWidgetLoader(url: string): Promise<void> {
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.async = true;
      script.src = url;
      script.onload = () => resolve();
      script.onerror = () => {
        loading = null;
        script.remove();
        reject(new Error(`Widget loader failed: ${url}`));
      };
      document.head.append(script);
    });
  }
  return loading;
}
