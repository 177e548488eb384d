/** Set-up shared by the booking screens' tests. */

/** Focus moves in an animation frame: the tests run each frame at once, so focus has moved when they look. */
export function runAnimationFramesAtOnce(): void {
  beforeAll(() => {
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => {
      cb(0);
      return 0;
    });
  });
}
