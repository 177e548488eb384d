// One webpack configuration for the host and every microfrontend, so they build alike.
const path = require('node:path');
// webpack's own container runtime (issue 33): ~3 KB where @module-federation/enhanced's runtime was 27 KB plus 6 KB
// a remote; the host loads containers itself (host/src/federation/containers.ts). docs/decisions.md says more.
const { ModuleFederationPlugin } = require('webpack').container;
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { RemoteMetaPlugin } = require('./remote-meta-plugin');
const { SlimConsumesPlugin } = require('./slim-consumes-plugin');

const root = path.resolve(__dirname, '../..');
const sharedPkg = require(path.join(root, 'shared/package.json'));
const reactPkg = require(path.join(root, 'node_modules/react/package.json'));

/**
 * Singletons of the contract (React, react-dom, jotai, react-intl and shared). Of shared's entry points only
 * `@tours/shared/core` (state atoms, the host context, ApiError) is a singleton; contract, kit, domain and api hold
 * no state and are tree-shaken into each bundle (`widgets` is the partner widgets' own, outside federation). `requiredVersion` is the major only, so a remote built a little
 * earlier still uses the host's copy.
 */
function sharedModules({ eager = false } = {}) {
  const singleton = (requiredVersion) => ({ singleton: true, requiredVersion, eager, strictVersion: false });
  const react = `^${reactPkg.version.split('.')[0]}.0.0`;
  return {
    react: singleton(react),
    'react/jsx-runtime': singleton(react),
    'react-dom': singleton(react),
    'react-dom/client': singleton(react),
    jotai: singleton('^2.0.0'),
    'react-intl': singleton('^12.0.0'),
    '@tours/shared/core': { ...singleton(`^${sharedPkg.version}`), version: sharedPkg.version },
    // Not state, but used by the host and every remote (schemas): one copy per page.
    superstruct: { singleton: false, requiredVersion: '^2.0.0', eager },
  };
}

/**
 * @param {object} o
 * @param {string} o.dir           package folder
 * @param {'host'|'remote'} o.kind
 * @param {string} o.name          federation container name (mfe_search, host)
 * @param {Record<string,string>} [o.exposes]
 * @param {string} [o.entry]
 */
function makeConfig(o) {
  return (_env, argv = {}) => {
    const production = argv.mode !== 'development';
    const version = process.env.MFE_VERSION || require(path.join(o.dir, 'package.json')).version;
    const outDir = process.env.MFE_OUT_DIR ? path.resolve(process.env.MFE_OUT_DIR) : path.join(o.dir, 'dist');
    const isHost = o.kind === 'host';
    return {
      mode: production ? 'production' : 'development',
      context: o.dir,
      entry: { main: o.entry || './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: outDir,
        // Hashed names are served immutable; only the manifests and remoteEntry.js are short-lived.
        // Entry files keep fixed names: a remote's remoteEntry.js is found beside its mf-manifest.json (host/src/
        // federation/containers.ts) and revalidated (no-cache); the host's HTML adds ?[fullhash] to its own.
        filename: isHost ? 'assets/[name].js' : '[name].js',
        chunkFilename: isHost ? 'assets/[name].[contenthash:8].js' : '[name].[contenthash:8].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        publicPath: isHost ? '/' : 'auto',
        uniqueName: o.name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        // Messages arrive precompiled from the host server, so the ICU parser (~45 KB) stays out.
        alias: {
          '@formatjs/icu-messageformat-parser$': '@formatjs/icu-messageformat-parser/no-parser.js',
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2022',
                },
              },
            },
          },
          {
            // Struct definitions are top-level calls; marking them pure lets unused ones be dropped.
            test: /[\\/]shared[\\/]src[\\/]api[\\/]schemas[\\/][^\\/]+\.ts$/,
            use: path.join(__dirname, 'pure-calls-loader.js'),
          },
          {
            test: /\.css$/,
            // CSS goes into .css files (the federation runtime loads a remote chunk's CSS with it), so
            // it is neither JS to download nor a style-loader runtime.
            use: [MiniCssExtractPlugin.loader, { loader: 'css-loader', options: { sourceMap: false } }, path.join(__dirname, 'css-minify-loader.js')],
          },
          { test: /\.(svg|png|jpg|webp)$/, type: 'asset/resource' },
        ],
      },
      optimization: {
        // Federation decides what is shared; keep webpack from splitting shared singletons on its own.
        splitChunks: isHost ? { chunks: 'async' } : false,
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
      },
      performance: { hints: false },
      plugins: [
        // A remote is a container whose remoteEntry.js defines the global `o.name`; the host has no remotes at build
        // time (they come from the runtime manifest). Singletons: webpack keeps the copy already loaded, the host's.
        new ModuleFederationPlugin({
          name: o.name,
          ...(isHost ? {} : { filename: 'remoteEntry.js', exposes: o.exposes, library: { type: 'var', name: o.name } }),
          shared: sharedModules(),
        }),
        new SlimConsumesPlugin(),
        new (require('webpack').DefinePlugin)({
          __BUILD_VERSION__: JSON.stringify(version),
          'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        }),
        ...(isHost
          ? []
          : [
              new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' }),
              // Its texts, declared routes and the contract/React it was built with (publish checks them).
              new RemoteMetaPlugin({ dir: o.dir, name: path.basename(o.dir), version, container: o.name, shared: sharedModules(), exposes: o.exposes }),
            ]),
        ...(isHost
          ? [
              new MiniCssExtractPlugin({ filename: 'assets/[name].[contenthash:8].css', chunkFilename: 'assets/[name].[contenthash:8].css' }),
              // The host server writes the page itself (head, state); it only needs the entry's files.
              new HtmlWebpackPlugin({
                filename: 'entry.json',
                inject: false,
                hash: true,
                minify: false,
                // Every CSS file of the host goes in the head, so the server-rendered layout paints styled.
                templateContent: ({ htmlWebpackPlugin, compilation }) =>
                  JSON.stringify({
                    js: htmlWebpackPlugin.files.js,
                    css: Object.keys(compilation.assets).filter((f) => f.endsWith('.css')).sort().map((f) => `/${f}`),
                  }),
              }),
            ]
          : []),
      ],
      stats: 'errors-warnings',
    };
  };
}

module.exports = { makeConfig, sharedModules };
