import { useEffect, type ReactNode } from 'react';
import { useHost } from '@tours/shared/core';
import { Breadcrumbs, type BreadcrumbItem } from './Breadcrumbs';
import './ui.css';

/** A screen's title and breadcrumbs; also tells the host the document title. */
export function PageHeader({ title, breadcrumbs, description, children }: { title: string; breadcrumbs?: BreadcrumbItem[]; description?: string; children?: ReactNode }) {
  const host = useHost();
  useEffect(() => {
    host.emit('page:meta', { title, description });
  }, [host, title, description]);
  return (
    <header className="ui-page-header">
      {breadcrumbs && breadcrumbs.length > 0 && <Breadcrumbs items={breadcrumbs} />}
      <h1 className="ui-page-title">{title}</h1>
      {children}
    </header>
  );
}
