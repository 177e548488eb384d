export * from './atoms';
