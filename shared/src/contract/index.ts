export * from './names';
export * from './host';
