import { useIntl } from 'react-intl';
import { LOGO_MARK, LOGO_PEAKS_PATH } from './logo-mark';

/** The site's one name (meta.siteName: page titles, the logo, the footer, the JSON-LD organisation, the widgets' link). */
export function useSiteName(): string {
  return useIntl().formatMessage({ id: 'meta.siteName' });
}

/** The brand mark (inline SVG) with the site name from the catalogue. */
export function Logo() {
  const name = useSiteName();
  return (
    <span className="lay-logo">
      <svg className="lay-logo__mark" viewBox={`0 0 ${LOGO_MARK.size} ${LOGO_MARK.size}`} width={LOGO_MARK.size} height={LOGO_MARK.size} aria-hidden="true" focusable="false">
        <rect width={LOGO_MARK.size} height={LOGO_MARK.size} rx={LOGO_MARK.radius} fill="currentColor" />
        <path d={LOGO_PEAKS_PATH} fill="#fff" />
        <circle cx={LOGO_MARK.sun.cx} cy={LOGO_MARK.sun.cy} r={LOGO_MARK.sun.r} fill="#fff" />
      </svg>
      <span className="lay-logo__name">
        {name}
      </span>
    </span>
  );
}
