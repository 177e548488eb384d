/* Each component also imports the CSS it needs: shared's package.json marks only *.css as side effects,
   so when a bundler skips this barrel during tree shaking, this import alone would be dropped. */
import './ui.css';
export * from './Skeleton';
export * from './Breadcrumbs';
export * from './Link';
export * from './PageHeader';
export * from './Button';
export * from './TextField';
export * from './Collapse';
export * from './MessageBanner';
export * from './PhoneLink';
export * from './Drawer';
export * from './Sheet';
export * from './Dropdown';
export * from './focus';
export * from './SafeHtml';
export * from './Price';
export * from './TourCard';
export * from './ReviewCard';
export * from './Pagination';
export * from './RangeInput';
export * from './DatePickerLazy';
export * from './Autocomplete';
export * from './TruncatedText';
export * from './ScrollSpy';
export * from './MediaViewer';
export * from './PhoneInput';
export * from './HelpCard';
