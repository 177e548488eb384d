import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import tours from './scripts/eslint/boundaries.js';

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
    // Tests may use the shared test kit (@tours/shared/src/testing), which is not part of the contract.
    ignores: ['**/*.test.{ts,tsx}', '**/test-utils.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        // The five entry points of shared/package.json `exports` (issue 12); there is no bare `@tours/shared`.
        paths: [{ name: '@tours/shared', message: 'Import from an entry point: @tours/shared/{core,contract,kit,domain,api}.' }],
        patterns: [
          { group: ['**/mfe-*/**', '@tours/mfe-*', '@tours/host', '**/host/src/**'], message: 'Microfrontends and the host meet only through @tours/shared.' },
          { group: ['@tours/shared/*', '!@tours/shared/core', '!@tours/shared/contract', '!@tours/shared/kit', '!@tours/shared/domain', '!@tours/shared/api', '@tours/shared/*/**'], message: 'Browser code imports @tours/shared/{core,contract,kit,domain,api}, not shared\'s files.' },
        ],
      }],
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
    files: ['scripts/**/*.{js,mjs}', '**/*.config.{js,mjs,cjs}', '**/webpack.config.*'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', __dirname: 'readonly', require: 'readonly', module: 'writable', URL: 'readonly', URLSearchParams: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', Buffer: 'readonly', performance: 'readonly', window: 'readonly', document: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
