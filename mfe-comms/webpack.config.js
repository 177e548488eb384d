const { makeConfig } = require('../scripts/webpack/make-config');

module.exports = makeConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'mfe_comms',
  exposes: {
    './app': './src/app.tsx',
    './modal/call': './src/parcels/CallPanel.tsx',
    // The host's live unread count (issue 29), started for signed-in travellers after the page is interactive.
    './service/unread': './src/services/unread.ts',
  },
});
