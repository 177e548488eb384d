/**
 * @tours/shared/kit — the UI kit (components and hooks) and the single-spa glue of a microfrontend:
 * `createMfeApp` (route → screen lifecycles) and `createMfeParcel` (a registered modal's parcel).
 * Named exports only (issue 12), checked by shared/api-report.md.
 */
/* The kit's tokens. Each component also imports the CSS it needs: shared's package.json marks only *.css as side
   effects, so when a bundler skips this file during tree shaking, this import alone would be dropped. */
import '../ui/ui.css';

export { createMfeApp, createMfeParcel } from '../mfe/create';
export { Autocomplete } from '../ui/Autocomplete';
export type { AutocompleteGroup } from '../ui/Autocomplete';
export { altchaChallengeUrl, altchaProvider } from '../ui/altcha';
export { Breadcrumbs } from '../ui/Breadcrumbs';
export { useBottomBar } from '../ui/bottom-bar';
export { useNearViewport } from '../ui/near-viewport';
export { usePageError } from '../ui/page-error';
export type { PageError } from '../ui/page-error';
export { usePageWithinRange } from '../ui/page-within-range';
export { useCaptchaWidget } from '../ui/captcha-widget';
export type { CaptchaMountOptions, CaptchaProvider, CaptchaWidget, CaptchaWidgetStatus } from '../ui/captcha-widget';
export { Button } from '../ui/Button';
export { Collapse } from '../ui/Collapse';
export { DatePicker } from '../ui/DatePickerLazy';
export { Drawer } from '../ui/Drawer';
export { Dropdown } from '../ui/Dropdown';
export { ErrorState } from '../ui/ErrorState';
export { useFocusTrap } from '../ui/focus';
export { HelpCard } from '../ui/HelpCard';
export { commonHelpData, helpRequestData, useHelpCardSubmit, useSiteHelpCard } from '../ui/help-card-submit';
export { Link } from '../ui/Link';
export { preloadMediaViewer, useMediaViewer } from '../ui/MediaViewer';
export { CloseGlyph, MessageBanner } from '../ui/MessageBanner';
export { PageHeader } from '../ui/PageHeader';
export { PaginationBar } from '../ui/Pagination';
export { PhoneInput } from '../ui/PhoneInput';
export type { PhoneInputProps } from '../ui/PhoneInput';
export { PhoneLink } from '../ui/PhoneLink';
export { Price } from '../ui/Price';
export { RangeInput } from '../ui/RangeInput';
export { Avatar, PhotoPreviews, ReviewCard, Stars } from '../ui/ReviewCard';
export { SafeHtml, loadSanitizer } from '../ui/SafeHtml';
export { ScrollSpy, scrollToElement } from '../ui/ScrollSpy';
export { Sheet, SheetStack } from '../ui/Sheet';
export { PageSkeleton, Skeleton } from '../ui/Skeleton';
export { SelectField, TextField } from '../ui/TextField';
export { TextAreaField } from '../ui/TextAreaField';
export { TourCard } from '../ui/TourCard';
export { TourHero, TourSkeleton } from '../ui/TourSkeleton';
export type { TourHeroImage } from '../ui/TourSkeleton';
export { TruncatedText } from '../ui/TruncatedText';
export { errorText, useForm } from '../ui/useForm';
export { useListForm } from '../ui/useListForm';
export type { ListFormErrors, ListFormItem, UseListFormOptions } from '../ui/useListForm';
export { useT } from '../i18n/use-t';
export type { RichValues, TextValues, Translate } from '../i18n/use-t';
export type { SharedMessageId } from '../i18n/message-ids';
