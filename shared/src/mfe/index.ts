export * from './HostProvider';
export * from './create';
