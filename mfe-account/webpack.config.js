const { makeConfig } = require('../scripts/webpack/make-config');

const config = makeConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'mfe_account',
  exposes: { './app': './src/app.tsx', './modal/login': './src/parcels/LoginModal.tsx', './modal/captcha': './src/parcels/CaptchaModal.tsx' },
});

/**
 * ALTCHA's proof-of-work workers are bundled as text and started from blob: URLs (src/features/captcha/altcha-loader.ts):
 * a worker must come from the page's origin, and this remote is served from its own.
 */
module.exports = (env, argv) => {
  const c = config(env, argv);
  c.module.rules.unshift({ test: /[\\/]node_modules[\\/]altcha[\\/]dist[\\/]workers[\\/][^\\/]+\.js$/, type: 'asset/source' });
  return c;
};
