// Server bundle of the shell (src/ssr.tsx) for the host server. CSS is not needed on the server:
// the client build's CSS files are linked in the page head.
const path = require('node:path');

module.exports = (_env, argv = {}) => ({
  mode: argv.mode === 'development' ? 'development' : 'production',
  target: 'node20',
  context: __dirname,
  entry: { ssr: './src/ssr.tsx' },
  output: { path: path.join(__dirname, 'dist/server'), filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
  resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
  module: {
    rules: [
      {
        test: /\.[cm]?tsx?$/,
        exclude: /node_modules/,
        use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } } },
      },
      { test: /\.css$/, use: path.resolve(__dirname, '../scripts/webpack/empty-loader.js') },
      { test: /\.(svg|png|jpg|webp)$/, type: 'asset/resource', generator: { emit: false, filename: 'assets/[name].[contenthash:8][ext]', publicPath: '/' } },
    ],
  },
  optimization: { minimize: false },
  performance: { hints: false },
  plugins: [new (require('webpack').DefinePlugin)({ __BUILD_VERSION__: JSON.stringify(require('./package.json').version), 'process.env.NODE_ENV': JSON.stringify('production') })],
  stats: 'errors-warnings',
});
