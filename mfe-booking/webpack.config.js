const { makeConfig } = require('../scripts/webpack/make-config');

module.exports = makeConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'mfe_booking',
  exposes: {
    './app': './src/app.tsx',
    './PrivateTourForm': './src/parcels/PrivateTourForm.tsx',
    './CostCalculationForm': './src/parcels/CostCalculationForm.tsx',
    './ProgramPdfForm': './src/parcels/ProgramPdfForm.tsx',
  },
});
