const { makeConfig } = require('../scripts/webpack/make-config');

module.exports = makeConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'mfe_comms',
  exposes: {
    './app': './src/app.tsx',
    './modal/call': './src/parcels/CallPanel.tsx',
  },
});
