import { existsSync } from 'node:fs';
import path from 'node:path';

export type ShellRenderer = (state: unknown, url: { pathname: string; search: string }) => string;

/**
 * Loads the server bundle of the shell (host/dist/server/ssr.js). A render that fails, or a missing
 * bundle, gives an empty shell: the browser then renders the page itself.
 */
export function loadShellRenderer(distDir: string, logError: (message: string) => void): ShellRenderer {
  const file = path.join(distDir, 'server/ssr.js');
  if (!existsSync(file)) {
    logError(`No server render bundle at ${file}: pages are rendered in the browser only`);
    return () => '';
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(file) as { renderShell: ShellRenderer };
  return (state, url) => {
    try {
      return mod.renderShell(state, url);
    } catch (error) {
      logError(`Server render failed for ${url.pathname}: ${(error as Error).stack ?? error}`);
      return '';
    }
  };
}
