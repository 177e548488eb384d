const { makeConfig } = require('../scripts/webpack/make-config');

const base = makeConfig({
  dir: __dirname,
  kind: 'remote',
  name: 'mfe_tour',
  exposes: {
    './app': './src/app.tsx',
    // The variant list modal, opened by the host's error page (removed tour) and by the search area (§2.8, §4.9).
    './VariantsModal': './src/parcels/VariantsModal.tsx',
  },
});

/**
 * CSS reaches a remote's page through style-loader, inside the JS chunk. With devtool on, css-loader also puts
 * each stylesheet's source map (with the CSS source again) in that chunk: ~2x the CSS on a first visit to the
 * tour page. Keep the JS source maps, drop the CSS ones, and minify the CSS (esbuild) before it is wrapped.
 */
module.exports = (env, argv) => {
  const config = base(env, argv);
  for (const rule of config.module.rules) {
    if (String(rule.test) === String(/\.css$/) && Array.isArray(rule.use)) {
      rule.use = [
        ...rule.use.map((loader) => (loader === 'css-loader' ? { loader: 'css-loader', options: { sourceMap: false } } : loader)),
        require.resolve('./css-minify-loader.js'),
      ];
    }
  }
  return config;
};
