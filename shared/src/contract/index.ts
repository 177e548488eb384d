export * from './names';
export * from './host';
export * from './modals';
