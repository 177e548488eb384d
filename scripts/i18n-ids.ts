/**
 * The message ids a source file names literally: `t('…')` (the kit's useT), `formatMessage({ id: '…' })`,
 * `<FormattedMessage id="…">` and `messageId: '…'` (toasts, error states). Ids built at run time (`t(\`status.${s}\`)`)
 * are not listed: the type of `t` and the tests of each screen cover those.
 */
const PATTERNS = [
  /\bt\(\s*'([a-zA-Z][\w.-]*)'/g,
  /\bformatMessage\(\s*\{\s*id:\s*'([a-zA-Z][\w.-]*)'/g,
  /<FormattedMessage\b[^>]*?\bid=["']([a-zA-Z][\w.-]*)["']/g,
  /\bmessageId:\s*'([a-zA-Z][\w.-]*)'/g,
];

export function messageIdsIn(source: string): string[] {
  const ids = new Set<string>();
  for (const pattern of PATTERNS) for (const match of source.matchAll(pattern)) ids.add(match[1]!);
  return [...ids];
}

/** The ids a file uses that are missing from a locale's catalogue: `file: id (locale)`. */
export function missingIds(
  files: ReadonlyArray<{ file: string; source: string }>,
  catalogues: Readonly<Record<string, Readonly<Record<string, string>>>>,
): string[] {
  const missing: string[] = [];
  for (const { file, source } of files) {
    for (const id of messageIdsIn(source)) {
      for (const [locale, messages] of Object.entries(catalogues)) if (!(id in messages)) missing.push(`${file}: ${id} (${locale})`);
    }
  }
  return missing;
}
