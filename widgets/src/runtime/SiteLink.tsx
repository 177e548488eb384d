import type { ReactNode } from 'react';
import type { WidgetConfig } from './protocol';

type T = (id: string, values?: Record<string, string | number | ((c: ReactNode[]) => ReactNode)>) => ReactNode;

/** A page of the main site (e.g. the terms of the request form), crediting the partner. */
export function sitePath(site: string, path: string, partner: string | null): string {
  const url = new URL(path, site);
  if (partner) url.searchParams.set('utm_source', partner);
  return url.href;
}

/** The main site's home page of the locale, crediting the partner. */
export function siteHome(site: string, config: Pick<WidgetConfig, 'locale' | 'partner'>): string {
  return sitePath(site, config.locale === 'cn' ? '/' : `/${config.locale}`, config.partner);
}

/** '… on <link>{site}</link>': a link to the main site, in a new tab. */
export function SiteLink({ t, site, config, messageId }: { t: T; site: string; config: WidgetConfig; messageId: string }) {
  return (
    <>
      {t(messageId, {
        site: String(t('widgets.siteName')),
        link: (chunks) => (
          <a href={siteHome(site, config)} target="_blank" rel="noopener">
            {chunks}
            <span className="visually-hidden"> {t('forms.opensInNewTab')}</span>
          </a>
        ),
      })}
    </>
  );
}
