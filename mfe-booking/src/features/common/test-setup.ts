/** Set-up shared by the booking screens' tests. */
import { screen } from '@testing-library/react';

/** Focus moves in an animation frame: the tests run each frame at once, so focus has moved when they look. */
export function runAnimationFramesAtOnce(): void {
  beforeAll(() => {
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      cb(0);
      return 0;
    });
  });
}

/** A page whose call got no answer offers Retry in place: no error page. */
export async function expectRetryInPlace(t: { events: { event: string }[] }): Promise<void> {
  expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(t.events.filter((e) => e.event === 'page:error')).toEqual([]);
}
