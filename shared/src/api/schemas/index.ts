/**
 * The API's request and answer schemas (superstruct; browser- and Node-safe: they import nothing but superstruct).
 * The API validates input with them and tests check every answer against them; the client imports them from here.
 */
export * from './common';
export * from './reference';
export * from './blog';
export * from './organizers';
export * from './slugs';
export * from './requests';
export * from './booking';
export * from './trips';
export * from './payments';
export * from './programme';
export * from './tours';
export * from './search';
export * from './reviews';
export * from './main-page';
export * from './info-pages';
export * from './accounts';
export * from './uploads';
export * from './organizer-meet';
