const { makeConfig } = require('../scripts/webpack/make-config');

module.exports = makeConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'mfe_tour',
  exposes: {
    './app': './src/app.tsx',
    // The variant list modal, opened by the host's error page (removed tour) and by the search area (§2.8, §4.9).
    './modal/variants': './src/parcels/VariantsModal.tsx',
  },
});
