/**
 * Imported first by the widget tests that render as the widgets ship (widgets.preact.test.tsx,
 * request/captcha.preact.test.tsx): Preact with React's API from runtime/react.ts (react, react-dom/client and the JSX
 * runtime mapped to it here as in the esbuild build), and the texts compiled as the build compiles them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessages } from './compile-messages';

/* eslint-disable @typescript-eslint/no-require-imports -- jest.mock factories run before imports: they can only require */
// jsdom resolves packages with the 'browser' condition, which gives Preact's ES modules: use its CommonJS files.
jest.mock('preact', () => jest.requireActual(`${require('path').dirname(require.resolve('preact/package.json'))}/dist/preact.js`));
jest.mock('preact/hooks', () => jest.requireActual(`${require('path').dirname(require.resolve('preact/package.json'))}/hooks/dist/hooks.js`));
jest.mock('react', () => jest.requireActual('./react'));
jest.mock('react-dom/client', () => jest.requireActual('./react'));
// Of shared's core the widgets take the API error class only, as the build does (not the site's atoms and React context).
jest.mock('@tours/shared/core', () => jest.requireActual('@tours/shared/src/api/errors'));
jest.mock('preact/jsx-runtime', () => jest.requireActual(`${require('path').dirname(require.resolve('preact/package.json'))}/jsx-runtime/dist/jsxRuntime.js`));
jest.mock('react/jsx-runtime', () => jest.requireActual(`${require('path').dirname(require.resolve('preact/package.json'))}/jsx-runtime/dist/jsxRuntime.js`));
/* eslint-enable @typescript-eslint/no-require-imports */

const MESSAGES = join(__dirname, '../../../shared/src/i18n/messages');
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;

/** A locale's texts of the widgets (shared's forms and widgets catalogues), compiled as the build compiles them. */
export const widgetMessages = (locale = 'en') => compileMessages({ ...read(join(MESSAGES, locale, 'forms.json')), ...read(join(MESSAGES, locale, 'widgets.json')) });

/** The site and API addresses the loader hands a widget. */
export const TEST_ENV = { site: 'https://tours.example', api: 'https://api.tours.example' };
