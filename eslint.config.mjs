import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', 'bench/**', '**/.data/**', '.tmp/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Microfrontends talk to each other only through the shared contract.
    files: ['mfe-*/src/**/*.{ts,tsx}', 'host/src/**/*.{ts,tsx}'],
    // Tests may use the shared test kit (@tours/shared/src/testing), which is not part of the contract.
    ignores: ['**/*.test.{ts,tsx}', '**/test-utils.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['**/mfe-*/**', '@tours/mfe-*', '@tours/host', '**/host/src/**'], message: 'Microfrontends and the host meet only through @tours/shared.' },
        { group: ['@tours/shared/*'], message: 'Browser code imports @tours/shared (the federated singleton), not its files.' },
      ] }],
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', '**/*.config.{js,mjs,cjs}', '**/webpack.config.*'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', __dirname: 'readonly', require: 'readonly', module: 'writable', URL: 'readonly', URLSearchParams: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', Buffer: 'readonly', performance: 'readonly', window: 'readonly', document: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
