// Minifies a stylesheet before css-loader turns it into a JS module (style-loader puts CSS inside the JS chunks
// of a remote, so whitespace and comments would count against the first-visit budget). esbuild comes with tsx.
/* global require, module */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { transformSync } = require('esbuild');

module.exports = function minifyCss(source) {
  if (this.mode !== 'production') return source;
  return transformSync(source, { loader: 'css', minify: true, legalComments: 'none', target: ['chrome100', 'firefox100', 'safari15'] }).code;
};
