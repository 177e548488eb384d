import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { contrastText, parseThemeColor, readConfig } from './config';
import type { MountWidget, WidgetProps } from './protocol';

/**
 * Mounts a widget component: validates the attributes (a console error names each invalid one, and an
 * 'error' event is fired; defaults are used), adopts the theme colour as a constructed stylesheet (no inline
 * styles: fine under a strict CSP) and renders with Preact.
 */
export function mountWith(Component: ComponentType<WidgetProps>): MountWidget {
  return (ctx) => {
    const config = readConfig(ctx.kind, (name) => ctx.attributes[name] ?? null, (attribute, message) => {
      console.error(message);
      ctx.emit('error', { reason: 'attribute', attribute, message });
    });
    const rgb = config.color ? parseThemeColor(config.color.slice(4, -1)) : null;
    if (rgb) {
      const theme = new CSSStyleSheet();
      theme.replaceSync(`:host{--ui-accent:rgb(${rgb.join(',')})!important;--ui-accent-brand:rgb(${rgb.join(',')})!important;--ui-accent-contrast:${contrastText(rgb)}!important}`);
      ctx.root.adoptedStyleSheets = [...ctx.root.adoptedStyleSheets, theme];
    }
    const root = createRoot(ctx.container);
    root.render(<Component ctx={ctx} config={config} />);
    return () => root.unmount();
  };
}
