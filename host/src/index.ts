// Async boundary: lets Module Federation settle the shared singletons before any of them runs. react-dom and the
// host's modules load together and each evaluates in its own task; the host starts a task later (bootstrap.tsx).
// (A plain timer here: app/next-task.ts would put its bytes on every first visit's entry file.)
const reactDom = import('./app/react-dom-client');
void import('./bootstrap').then(({ start }) => new Promise<void>((resolve) => setTimeout(() => resolve(start(reactDom)))));
