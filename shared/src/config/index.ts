export * from './app-config';
export * from './storage-keys';
export * from './constants';
