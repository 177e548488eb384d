/**
 * The request form's chunk for after its first paint (RequestWidget fetches it on the form's first focus, at the
 * latest on submit): the sending code with the API calls, and the captcha step (which fetches ALTCHA only when a
 * captcha is shown). One chunk, not two: the first paint then imports one chunk of shared code (Preact, the API
 * error class), not two: 0.13 KB gzip less.
 */
export { sendHelpRequest } from './send';
export { CaptchaStep } from './CaptchaStep';
