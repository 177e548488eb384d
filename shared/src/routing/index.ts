export * from './routes';
export * from './match';
export * from './search-slugs';
