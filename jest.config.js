// One jest run for every package: each package is a project, so `npm test` totals them in one report.
const swc = ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } }, parser: { syntax: 'typescript', tsx: true } } }];
// react-intl 12 and its formatjs deps ship ESM only.
const esm = ['react-intl', '@formatjs', 'intl-messageformat', 'superstruct', 'cookie'];
const base = (name, environment, extra = {}) => ({
  displayName: name,
  testEnvironment: environment,
  roots: [`<rootDir>/${name}`],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: { '^.+\\.(t|j|mj)sx?$': swc, '\\.(svg|png|jpg|webp)$': '<rootDir>/scripts/jest/file-transform.js' },
  transformIgnorePatterns: [`/node_modules/(?!(${esm.join('|')})/)`],
  // A fixed calendar for every test (scripts/jest/fixed-clock.ts).
  setupFiles: ['<rootDir>/scripts/jest/fixed-clock.ts'],
  moduleNameMapper: { '\\.(css)$': '<rootDir>/scripts/jest/style-stub.js' },
  ...extra,
});
const dom = { setupFilesAfterEnv: ['<rootDir>/scripts/jest/setup-dom.ts'] };
module.exports = {
  rootDir: __dirname,
  projects: [
    base('shared', 'jsdom', dom),
    base('host', 'jsdom', dom),
    base('mfe-search', 'jsdom', dom),
    base('mfe-tour', 'jsdom', dom),
    base('mfe-booking', 'jsdom', dom),
    base('mfe-account', 'jsdom', dom),
    base('mfe-comms', 'jsdom', dom),
    base('widgets', 'jsdom', dom),
    base('api', 'node', { setupFilesAfterEnv: ['<rootDir>/scripts/jest/setup-api.ts'] }),
    // Build tooling (webpack loaders).
    base('scripts', 'node'),
  ],
};
