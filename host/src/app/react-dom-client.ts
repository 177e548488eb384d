// react-dom's client entry behind an ES module: index.ts asks for it beside the host's chunk so it evaluates in
// its own task (a CommonJS module imported dynamically would add webpack's namespace shim to every first visit).
export { createRoot, hydrateRoot } from 'react-dom/client';
