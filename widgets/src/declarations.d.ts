/** A stylesheet as its minified text (widgets/build.mjs: the css-text plugin), to be adopted into a shadow root. */
declare module '*.css?text' {
  const text: string;
  export default text;
}
/** ALTCHA's translations: they register themselves with the widget. */
declare module 'altcha/i18n/*';
