/** Errors worth one more try: a script or chunk that did not arrive (network blip, deploy in progress). */
export function isChunkLoadError(error: unknown): boolean {
  const e = error as { name?: string; message?: string } | null;
  const text = `${e?.name ?? ''} ${e?.message ?? ''}`;
  return /ChunkLoadError|Loading (CSS )?chunk|ScriptExternalLoadError|Failed to fetch|RUNTIME-00[38]|NetworkError|Load failed|Failed to load script/i.test(text);
}
