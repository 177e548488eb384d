/** Reading the repository's source in the tests that check it (help request types, phone fields). */
import { readdirSync } from 'node:fs';
import path from 'node:path';

const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', '__snapshots__']);

/** The files under `dir`, recursively, whose name `wanted` accepts (dependencies, builds, coverage, snapshots and dot folders left out). */
export function sourceFiles(dir: string, wanted: (name: string) => boolean, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) sourceFiles(path.join(dir, entry.name), wanted, found);
    } else if (wanted(entry.name)) {
      found.push(path.join(dir, entry.name));
    }
  }
  return found;
}
