// Package entry of '@tours/shared/core' (see src/core.ts).
export * from './src/core';
