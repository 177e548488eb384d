/**
 * @tours/shared/widgets — what the partner widgets (widgets/: Preact, esbuild, gzip budgets) use of shared: the
 * search box's filters and paths, the request form's help card, phone and captcha step, the API's headers and
 * captcha retry. Only modules that run on Preact (React's hooks and components, no jotai, no react-intl, no host
 * context); the API error class the widgets take from @tours/shared/core, which their build maps to its one file.
 * Not for the host or the microfrontends (they have the other entries). widgets/build.mjs bundles each name from
 * its own file, as the widgets imported them before this entry, so a name added here costs a widget nothing until
 * it uses it. Named exports only (issue 12), checked by shared/api-report.md.
 */
export { CAPTCHA_HEADER, captchaAction, captchaRetryBody } from '../api/captcha';
export type { CaptchaType } from '../api/captcha';
export { captchaSetup } from '../api/captcha-setup';
export type { CaptchaSettings } from '../api/captcha-setup';
export type { CaptchaHandler } from '../api/client';
export { commonHeaders } from '../api/headers';
export { DEFAULT_FILTER, filterToSearch } from '../domain/filters';
export type { TourFilter } from '../domain/filters';
export { helpRequestComment } from '../domain/help-request';
export { browserMoscowOffset } from '../domain/moscow-offset';
export { defaultPhoneCountry } from '../domain/phone';
export { parseThemeColor } from '../domain/validation';
/** buildPath: at build time only (widgets/src/request/legal-paths.build-time.ts), never in a bundle. */
export { buildPath, withLocale } from '../routing/match';
export { DEFAULT_SEARCH_SLUGS } from '../routing/search-slugs';
export { altchaProvider } from '../ui/altcha';
export { Button } from '../ui/Button';
export { useCaptchaWidget } from '../ui/captcha-widget';
export type { CaptchaProvider } from '../ui/captcha-widget';
export { HelpCard } from '../ui/HelpCard';
export type { HelpCardValues } from '../ui/HelpCard';
export type { Translate } from '../ui/PhoneInput';
export { SelectField } from '../ui/TextField';
export { useCombobox } from '../ui/useCombobox';
