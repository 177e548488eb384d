declare const __BUILD_VERSION__: string;
declare module '*.css';
declare module 'swiper/css';
