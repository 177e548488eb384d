import { useIntl } from 'react-intl';
import './ui.css';

/** Placeholder blocks while data loads; announced once to screen readers. */
export function Skeleton({ width, height = 16, className = '' }: { width?: number | string; height?: number | string; className?: string }) {
  const w = typeof width === 'number' ? `w-${width}` : '';
  return <span className={`ui-skeleton ${w} ${className}`.trim()} data-h={height} aria-hidden="true" />;
}

export function PageSkeleton({ compact = false }: { compact?: boolean }) {
  const intl = useIntl();
  return (
    <div className={`ui-page-skeleton${compact ? ' ui-page-skeleton--compact' : ''}`} role="status" aria-label={intl.formatMessage({ id: 'common.loading', defaultMessage: 'Loading…' })}>
      <span className="ui-skeleton ui-skeleton--title" aria-hidden="true" />
      <span className="ui-skeleton ui-skeleton--line" aria-hidden="true" />
      <span className="ui-skeleton ui-skeleton--line" aria-hidden="true" />
      {!compact && <span className="ui-skeleton ui-skeleton--block" aria-hidden="true" />}
    </div>
  );
}
