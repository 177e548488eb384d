const { makeConfig } = require('../scripts/webpack/make-config');

// The host bakes in no remote: it finds them at run time through /mfe-manifest.json.
module.exports = makeConfig({ dir: __dirname, kind: 'host', name: 'host' });
