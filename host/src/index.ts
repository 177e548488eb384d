// Async boundary: lets Module Federation settle the shared singletons before any of them runs. The host starts a
// task after its modules evaluate (bootstrap.tsx says why).
import { nextTask } from './app/next-task';

void import('./bootstrap').then(async ({ start }) => {
  await nextTask();
  await start();
});
