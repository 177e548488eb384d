import { useIntl } from 'react-intl';
import { Link } from './Link';
import './ui.css';

export interface BreadcrumbItem { url?: string; text: string }

/** Breadcrumbs from home (§3.6 'Breadcrumb item'); the last item is the current page. */
export function Breadcrumbs({ items }: { items: BreadcrumbItem[] }) {
  const intl = useIntl();
  return (
    <nav className="ui-breadcrumbs" aria-label={intl.formatMessage({ id: 'common.breadcrumbs', defaultMessage: 'Breadcrumbs' })}>
      <ol>
        {items.map((item, i) => (
          <li key={`${item.text}-${i}`}>
            {item.url && i < items.length - 1 ? <Link href={item.url}>{item.text}</Link> : <span aria-current={i === items.length - 1 ? 'page' : undefined}>{item.text}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
