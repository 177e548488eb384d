import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import tours from './scripts/eslint/boundaries.js';

/**
 * What the partner widgets may import of shared (issue 30): its widgets entry, and of the site's singleton entry the
 * API error's file only (widgets/build.mjs maps @tours/shared/core to src/api/errors.ts: no atoms, no React context).
 */
const WIDGET_IMPORTS = {
  paths: [
    { name: '@tours/shared', message: 'Widgets import @tours/shared/widgets.' },
    { name: '@tours/shared/core', allowImportNames: ['ApiError', 'fieldErrorsFromBody', 'messageFromBody', 'pageErrorOf', 'ApiErrorBody', 'PageErrorOf'], message: 'Of @tours/shared/core the widgets take the API error only (their build maps it to src/api/errors.ts).' },
  ],
  patterns: [{
    group: ['@tours/shared/*', '!@tours/shared/widgets', '!@tours/shared/core', '@tours/shared/*/**'],
    message: 'Widgets import shared through @tours/shared/widgets (shared/src/entries/widgets.ts, in the API report), not its files or the site\'s entries.',
  }],
};

/** What browser code (microfrontends, the host) may import (issue 12): shared only through its entry points. */
const BROWSER_IMPORTS = {
  // The five entry points of shared/package.json `exports` (issue 12); there is no bare `@tours/shared`.
  paths: [{ name: '@tours/shared', message: 'Import from an entry point: @tours/shared/{core,contract,kit,domain,api}.' }],
  patterns: [
    { group: ['**/mfe-*/**', '@tours/mfe-*', '@tours/host', '**/host/src/**'], message: 'Microfrontends and the host meet only through @tours/shared.' },
    { group: ['@tours/shared/*', '!@tours/shared/core', '!@tours/shared/contract', '!@tours/shared/kit', '!@tours/shared/domain', '!@tours/shared/api', '@tours/shared/*/**'], message: 'Browser code imports @tours/shared/{core,contract,kit,domain,api}, not shared\'s files.' },
  ],
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', 'bench/**', '**/.data/**', '.tmp/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks, tours },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Microfrontends talk to each other only through the shared contract: its entry points, never its files.
    files: ['mfe-*/src/**/*.{ts,tsx}', 'host/src/**/*.{ts,tsx}'],
    // Tests (and their fixtures) may use the shared test kit (@tours/shared/src/testing), which is not part of the contract.
    ignores: ['**/*.test.{ts,tsx}', '**/test-utils.{ts,tsx}', '**/*{test-fixture,tour-fixture}.ts'],
    rules: {
      'no-restricted-imports': ['error', BROWSER_IMPORTS],
    },
  },
  {
    // Issue 30, the staff boundary in mfe-comms: staff code (features/agent-console) and the traveller's code meet
    // only through features/common (common/chat: the conversation both see; common/call). The console is reached
    // from one place, the route in src/app.tsx, through its index.ts. Rules of one name replace each other in flat
    // config, so these blocks repeat the browser rules above. Tests: features stay apart by tours/no-cross-feature-imports.
    // Checked on samples in mfe-comms/src/staff-boundary.test.ts.
    files: ['mfe-comms/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-utils.{ts,tsx}', 'mfe-comms/src/app.tsx', 'mfe-comms/src/features/agent-console/**'],
    rules: {
      'no-restricted-imports': ['error', { ...BROWSER_IMPORTS, patterns: [...BROWSER_IMPORTS.patterns, {
        regex: '(^|/)agent-console(/|$)',
        message: 'Staff code (features/agent-console) is reached only from the route in src/app.tsx; what both sides need goes to features/common.',
      }] }],
    },
  },
  {
    files: ['mfe-comms/src/features/agent-console/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { ...BROWSER_IMPORTS, patterns: [...BROWSER_IMPORTS.patterns, {
        regex: '^\\.\\./(chat|call)(/|$)|(^|/)features/(chat|call)(/|$)|(^|/)(parcels|services)(/|$)',
        message: 'The agent console uses the traveller\'s side only through features/common (common/chat, common/call).',
      }] }],
    },
  },
  {
    // Issue 30: the widgets (esbuild on Preact, gzip budgets in widgets/budgets.json) use shared only through its
    // public entry @tours/shared/widgets (its names are in shared/api-report.md), never by path; the build takes each
    // name from its own file (widgets/build.mjs WIDGET_ENTRY), so the bundles are as when they imported files.
    files: ['widgets/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', WIDGET_IMPORTS],
    },
  },
  {
    // shared/ is what every app builds on: it imports no app, by path or by package name (type imports too).
    files: ['shared/**/*.{ts,tsx,js,mjs}'],
    rules: { 'tours/shared-imports-no-app': 'error' },
  },
  {
    // A feature folder imports no other feature folder of its package (tests included); what two features
    // share goes into the package's common folder. The feature folders, per package:
    //   mfe-*/src/features/<name>/  every folder but features/common/, which is what the features share.
    //     Not features: src/app.tsx and src/index.ts (the routes that compose the features), src/parcels/ (entry
    //     points mounted by the host, which compose features like the routes do), src/test-utils.tsx.
    //   widgets/src/<name>/  each widget (search/, request/); runtime/ is what the widgets share, and
    //     loader.ts and theme.css at the top are not features.
    //   host/src has no feature folders: it is the shell, and its folders are layers that the shell composes
    //     (app/ wires federation/, routing/, state/, modals/ and layout/ together); layout/<region>/ are parts of
    //     one page chrome built from the same contacts/ and modals/ pieces, not independent features.
    // Files directly in a features folder are not in a feature. A common folder imports no feature either.
    files: ['mfe-*/src/**/*.{ts,tsx}', 'widgets/src/**/*.{ts,tsx}'],
    rules: {
      'tours/no-cross-feature-imports': ['error', { features: [
        { dir: 'mfe-*/src/features', common: ['common'] },
        { dir: 'widgets/src', common: ['runtime'] },
      ] }],
    },
  },
  {
    // The API's routes parse, authorise and answer (issue 30; the import rules are api/.dependency-cruiser.cjs): a query
    // belongs in api/src/db/queries, a transaction over several in a use case (api/src/use-cases).
    files: ['api/src/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: 'CallExpression[callee.property.name=/^(selectFrom|updateTable|insertInto|deleteFrom|transaction)$/]',
        message: 'Routes parse, authorise and answer: put the query in api/src/db/queries, the transaction in a use case (api/src/use-cases).',
      }],
    },
  },
  {
    // Use cases run over the queries of api/src/db/queries (a transaction that groups several is theirs to open), and
    // so does lib/ (infrastructure and helpers: the outbox, the mail limits, identity verification… keep their queries
    // in db/queries too; no exception was needed).
    files: ['api/src/use-cases/**/*.ts', 'api/src/lib/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: 'CallExpression[callee.property.name=/^(selectFrom|updateTable|insertInto|deleteFrom)$/]',
        message: 'Use cases and lib run over queries: put the query in api/src/db/queries.',
      }],
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', '**/*.config.{js,mjs,cjs}', '**/webpack.config.*'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', __dirname: 'readonly', require: 'readonly', module: 'writable', URL: 'readonly', URLSearchParams: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', Buffer: 'readonly', performance: 'readonly', window: 'readonly', document: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
