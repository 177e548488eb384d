/**
 * Swiper ships ESM only: the tour page's tests stand it in, and the sliders fall back to their scroll-snapping lists
 * (which is what the tests look at). Imported first by those tests, before anything that renders a slider.
 */
jest.mock('swiper', () => ({ __esModule: true, default: class { destroy() {} } }), { virtual: true });
jest.mock('swiper/modules', () => ({ Navigation: {}, Keyboard: {}, A11y: {} }), { virtual: true });
jest.mock('swiper/css', () => ({}), { virtual: true });
