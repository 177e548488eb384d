import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHost } from '@tours/shared/core';
import './ui.css';

/** An in-site link: a real <a href> for crawlers and new tabs, navigated by single-spa on a plain click. */
export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const host = useHost();
  const internal = href.startsWith('/') && !href.startsWith('//');
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || !internal || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || rest.target === '_blank') return;
    e.preventDefault();
    host.navigate(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}
