// Minifies a stylesheet (esbuild, which comes with tsx) before css-loader reads it: no CSS minimizer plugin
// is needed, and what every page downloads stays small.
const { transformSync } = require('esbuild');

module.exports = function minifyCss(source) {
  if (this.mode !== 'production') return source;
  return transformSync(source, { loader: 'css', minify: true, legalComments: 'none', target: ['chrome100', 'firefox100', 'safari15'] }).code;
};
