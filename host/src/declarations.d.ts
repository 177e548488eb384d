declare const __BUILD_VERSION__: string;
declare module '*.css';
declare module '*.svg' { const url: string; export default url; }
