import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import './ui.css';
import './kit.css';

/** 'tel:' target from any written form: keeps a leading '+' and the digits. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

export interface PhoneLinkProps extends Omit<ComponentPropsWithoutRef<'a'>, 'href' | 'children'> {
  /** The number to dial, any format. */
  phone: string;
  /** The number as shown; defaults to `phone`. */
  formatted?: string;
  /** A caption above the number (what the number is for). */
  caption?: ReactNode;
}

/** A phone number as a tel: link with an optional caption. */
export function PhoneLink({ phone, formatted, caption, className, ...rest }: PhoneLinkProps) {
  return (
    <a href={telHref(phone)} className={`ui-phone-link${className ? ` ${className}` : ''}`} {...rest}>
      {caption ? <span className="ui-phone-link__caption">{caption}</span> : null}
      <span className="ui-phone-link__number">{formatted || phone}</span>
    </a>
  );
}
