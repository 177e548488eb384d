const { makeConfig } = require('../scripts/webpack/make-config');

module.exports = makeConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'mfe_booking',
  exposes: {
    './app': './src/app.tsx',
    './modal/private-tour': './src/parcels/PrivateTourForm.tsx',
    './modal/cost-calculation': './src/parcels/CostCalculationForm.tsx',
    './modal/program-pdf': './src/parcels/ProgramPdfForm.tsx',
  },
});
