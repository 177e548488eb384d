/** A site-data call failed: logged, defaults are kept (public-site §8). The client already logged '[status] url'. */
export function logLoadFailure(what: string, error: unknown): void {
  console.error(`[layout] ${what} could not be loaded; defaults are kept.`, error);
}
