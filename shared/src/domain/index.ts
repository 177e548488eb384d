export * from './media';
export * from './stats';
export * from './filters';
