declare const __BUILD_VERSION__: string;
declare module '*.css';
/** ALTCHA's proof-of-work workers, bundled as their source text (webpack.config.js: asset/source). */
declare module 'altcha/workers/*' {
  const source: string;
  export default source;
}
/** ALTCHA's translations: they register themselves with the widget. */
declare module 'altcha/i18n/*';
