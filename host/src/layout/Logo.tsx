import { FormattedMessage } from 'react-intl';

/** The brand mark (inline SVG) with the site name from the catalogue. */
export function Logo() {
  return (
    <span className="lay-logo">
      <svg className="lay-logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="currentColor" />
        <path d="M6 23l7-11 4.5 6.5L20 15l6 8z" fill="#fff" />
        <circle cx="22.5" cy="9.5" r="2.5" fill="#fff" />
      </svg>
      <span className="lay-logo__name">
        <FormattedMessage id="layout.brand" />
      </span>
    </span>
  );
}
