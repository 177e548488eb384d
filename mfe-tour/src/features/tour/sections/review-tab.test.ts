import { initialReviewTab } from './review-tab';

describe('initialReviewTab', () => {
  test.each([
    [12, 'tour'],
    [1, 'tour'],
    [0, 'all'],
  ] as const)('a tour with %s reviews of its own opens the %s tab (the count its title shows)', (count, tab) => {
    expect(initialReviewTab(count)).toBe(tab);
  });
});
