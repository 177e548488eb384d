/**
 * @jest-environment node
 *
 * Issue 30: the widgets use shared only through its public entry @tours/shared/widgets (and the API error of
 * @tours/shared/core, which their build maps to its one file), checked with the repository's real ESLint config on
 * sample files: no path into shared, none of the site's entries, nothing else of core; the site's code cannot take
 * the widgets' entry; tests may import by path.
 */
import { lintSamples } from '../../scripts/eslint/lint-samples';

const ENTRY_ONLY = /Widgets import shared through @tours\/shared\/widgets/;
const ERROR_ONLY = /Of @tours\/shared\/core the widgets take the API error only/;
const BARE = /Widgets import @tours\/shared\/widgets\./;
const SITE_ENTRIES = /Browser code imports @tours\/shared\/\{core,contract,kit,domain,api\}/;

/** [file from the repository's root, code, the import errors expected (empty: allowed)] */
const CASES: readonly (readonly [string, string, readonly RegExp[]])[] = [
  ['widgets/src/search/SearchWidget.tsx', "import { Button } from '@tours/shared/src/ui/Button';", [ENTRY_ONLY]],
  ['widgets/src/runtime/api.ts', "import { ApiError } from '@tours/shared/src/api/errors';", [ENTRY_ONLY]],
  ['widgets/src/request/send.ts', "import { helpRequestComment } from '@tours/shared/domain';", [ENTRY_ONLY]],
  ['widgets/src/request/RequestWidget.tsx', "import { HelpCard } from '@tours/shared/kit';", [ENTRY_ONLY]],
  ['widgets/src/search/url.ts', "import { withLocale } from '@tours/shared';", [BARE]],
  ['widgets/src/request/RequestWidget.tsx', "import { HostProvider } from '@tours/shared/core';", [ERROR_ONLY]],
  ['widgets/src/runtime/mount.tsx', "import { localeAtom } from '@tours/shared/core';", [ERROR_ONLY]],
  // What the widgets use.
  ['widgets/src/request/RequestWidget.tsx', "import { ApiError } from '@tours/shared/core'; import { HelpCard, type Translate } from '@tours/shared/widgets';", []],
  ['widgets/src/runtime/api.ts', "import { ApiError, fieldErrorsFromBody, messageFromBody } from '@tours/shared/core'; import { commonHeaders } from '@tours/shared/widgets';", []],
  // Tests may import by path; the site's code cannot import the widgets' entry.
  ['widgets/src/request/body.test.ts', "import { HelpRequestData } from '@tours/shared/src/api/schemas/requests';", []],
  ['mfe-search/src/features/search/SearchPage.tsx', "import { Button } from '@tours/shared/widgets';", [SITE_ENTRIES]],
];

describe("the widgets' imports of shared (eslint.config.mjs, WIDGET_IMPORTS)", () => {
  let results: string[][] = [];
  beforeAll(() => { results = lintSamples(CASES.map(([file, code]) => [file, code] as const)); }, 120_000);

  it.each(CASES.map((c, i) => [i, ...c] as const))('#%i %s: %s', (i, _file, _code, expected) => {
    const messages = results[i]!;
    if (expected.length === 0) expect(messages).toEqual([]);
    for (const pattern of expected) expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(pattern)]));
    expect(messages).toHaveLength(expected.length);
  });
});
