const { makeConfig } = require('../scripts/webpack/make-config');

module.exports = makeConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'mfe_account',
  exposes: { './app': './src/app.tsx', './modal/login': './src/parcels/LoginModal.tsx' },
});
