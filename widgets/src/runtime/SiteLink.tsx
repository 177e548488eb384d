import type { ReactNode } from 'react';
import type { WidgetConfig } from './protocol';

type T = (id: string, values?: Record<string, string | number | ((c: ReactNode[]) => ReactNode)>) => ReactNode;

/** The main site's home page of the locale, crediting the partner. */
export function siteHome(site: string, config: Pick<WidgetConfig, 'locale' | 'partner'>): string {
  const url = new URL(config.locale === 'cn' ? '/' : `/${config.locale}`, site);
  if (config.partner) url.searchParams.set('utm_source', config.partner);
  return url.href;
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
