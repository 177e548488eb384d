/**
 * A third-party stylesheet made fit for a widget's shadow root: `:root` rules (a library's custom properties) go
 * to `:host`, since nothing inside a shadow root matches `:root`, and `rem` lengths become px at 16 px a rem,
 * since the partner page's root font size must not size the widget (theme.css: px, never rem).
 */
export function forShadowRoot(css: string): string {
  return css.replace(/:root\b/g, ':host').replace(/(\d*\.?\d+)rem\b/g, (_m, n: string) => `${+(Number(n) * 16).toFixed(3)}px`);
}
