const { makeConfig } = require('../scripts/webpack/make-config');

module.exports = makeConfig({ dir: __dirname, kind: 'remote', name: 'mfe_search', exposes: { './app': './src/app.tsx' } });
