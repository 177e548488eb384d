/**
 * The React API the widgets' components use (shared's HelpCard, PhoneInput, TextField, Button, useCombobox and the
 * widgets' own), on Preact: its hooks, `createRoot`, and React's event and attribute names on DOM elements. The
 * bundles resolve `react` and `react-dom/client` here (widgets/build.mjs) instead of preact/compat, whose Suspense,
 * portals, memo, Children, class-component shims and select/defaultValue handling they never use: 2 KB
 * gzip less in each bundle (docs/decisions.md, issue 33). A React API not listed here fails the build
 * ('No matching export'), so nothing silently goes missing.
 *
 * The vnode hook is preact/compat's prop normalisation (compat/src/render.js, handleDomVNode) for what React code
 * writes: onChange on text inputs and textareas is Preact's input event (React fires it on every keystroke, not on
 * blur), onFocus/onBlur bubble (focusin/focusout, as React's do), onDoubleClick is dblclick, and camelCase SVG
 * presentation attributes (strokeWidth) are written dashed.
 */
import { options, render, type ComponentChild, type VNode } from 'preact';

export { useCallback, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'preact/hooks';

/** compat's list: camelCase props written dashed (strokeLinecap → stroke-linecap). */
const CAMEL_PROPS =
  /^(?:accent|alignment|arabic|baseline|cap|clip(?!PathU)|color|dominant|fill|flood|font|glyph(?!R)|horiz|image(!S)|letter|lighting|marker(?!H|W|U)|overline|paint|pointer|shape|stop|strikethrough|stroke|text(?!L)|transform|underline|unicode|units|v|vector|vert|word|writing|x(?!C))[A-Z]/;
/** Events whose DOM names are all lower case (animationend, transitionend, touchstart, beforeinput, compositionend). */
const ON_LOWER = /^on(Ani|Tra|Tou|BeforeInp|Compo)/;

/** React's prop names on a DOM element → Preact's (compat's handleDomVNode, for the props React code writes). */
export function domProps(type: string, props: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const given in props) {
    let name = given;
    let value = props[name];
    let lower = name.toLowerCase();
    if (lower[0] === 'o' && lower[1] === 'n') {
      if (lower === 'ondoubleclick') name = 'ondblclick';
      // Not for file, checkbox and radio inputs, whose change event is React's onChange too.
      else if (lower === 'onchange' && (type === 'input' || type === 'textarea') && !/fil|che|rad/.test(String(props.type))) lower = name = 'oninput';
      else if (lower === 'onfocus') name = 'onfocusin';
      else if (lower === 'onblur') name = 'onfocusout';
      else if (ON_LOWER.test(name)) name = lower;
    } else if (!type.includes('-') && CAMEL_PROPS.test(name)) {
      name = name.replace(/[A-Z0-9]/g, '-$&').toLowerCase();
    } else if (value === null) {
      value = undefined;
    }
    // onInput and onChange on one field: both run (compat: the second as a capture listener).
    if (lower === 'oninput') name = out.oninput ? 'oninputCapture' : 'oninput';
    out[name] = value;
  }
  return out;
}

/**
 * React's forwardRef (the kit's Button and fields take a ref this way): Preact keeps `ref` off a component's props,
 * so the vnode hook below hands it to a forwarded component as a prop, and the wrapper passes it on (as compat does).
 */
export function forwardRef<T, P>(render: (props: P, ref: T | null) => ComponentChild) {
  const Forwarded = ({ ref, ...props }: P & { ref?: T }) => render(props as P, ref ?? null);
  Forwarded.forwarded = true;
  return Forwarded;
}

const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  if (typeof vnode.type === 'string') vnode.props = domProps(vnode.type, vnode.props as Record<string, unknown>) as typeof vnode.props;
  else if (vnode.ref && (vnode.type as { forwarded?: boolean } | null)?.forwarded) {
    (vnode.props as { ref?: unknown }).ref = vnode.ref;
    vnode.ref = null;
  }
  previous?.(vnode);
};

/** react-dom/client's root on Preact (what preact/compat/client does). */
export function createRoot(container: Element) {
  return {
    render: (children: ComponentChild) => render(children, container),
    unmount: () => render(null, container),
  };
}
