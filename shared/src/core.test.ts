import * as core from './core';
import * as index from './index';

describe('@tours/shared re-exports every value of the core singleton', () => {
  test.each(Object.keys(core))('%s', (name) => {
    expect((index as Record<string, unknown>)[name]).toBe((core as Record<string, unknown>)[name]);
  });
});
