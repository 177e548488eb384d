// Async boundary: lets Module Federation settle the shared singletons before any of them runs. react-dom and the
// host's modules load together and each evaluates in its own task; the host starts a task later (bootstrap.tsx).
import { nextTask } from './app/next-task';

const reactDom = import('./app/react-dom-client');
void import('./bootstrap').then(async ({ start }) => {
  await nextTask();
  await start(reactDom);
});
