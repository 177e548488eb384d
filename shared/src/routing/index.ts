export * from './routes';
export * from './match';
