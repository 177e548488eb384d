import { forShadowRoot } from './shadow-css';

test("a library's :root custom properties go to :host, rem lengths to px (the partner page's root font size must not matter)", () => {
  const css = ':root{--altcha-padding:0.75rem;--x:calc(var(--a)*1.75)}@supports (-moz-appearance:none){:root{--c:red}}.altcha{padding:.25rem;top:-1.5rem;width:1rem;font-size:.85rem;height:12px}';
  expect(forShadowRoot(css)).toBe(':host{--altcha-padding:12px;--x:calc(var(--a)*1.75)}@supports (-moz-appearance:none){:host{--c:red}}.altcha{padding:4px;top:-24px;width:16px;font-size:13.6px;height:12px}');
});
