import { useState, type MouseEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { appConfigAtom, localeAtom, routeAtom, useHost } from '@tours/shared/core';
import { LOCALE_INFO, availableLocales, type Locale } from '@tours/shared/contract';
import { Dropdown } from '@tours/shared/kit';
import { ChevronIcon, GlobeIcon } from '../contacts/icons';
import { localePath, rememberLocale } from './locale-switch';
import './header.css';

/** The languages as links to the same page in each (works without script, and for crawlers). */
export function LanguageList({ onChosen, className }: { onChosen?: () => void; className?: string }) {
  const host = useHost();
  const locale = useAtomValue(localeAtom);
  const route = useAtomValue(routeAtom);
  const { russianIsAvailable, variant } = useAtomValue(appConfigAtom);
  const choose = (target: Locale, href: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    rememberLocale(target);
    onChosen?.();
    if (target !== locale) host.navigate(href);
  };
  return (
    <ul className={`lay-langs${className ? ` ${className}` : ''}`}>
      {availableLocales(russianIsAvailable, variant).map((target) => {
        const info = LOCALE_INFO[target];
        const href = localePath(route, target);
        return (
          <li key={target}>
            <a className="lay-langs__link" href={href} hrefLang={info.iso} lang={info.iso} aria-current={target === locale ? 'true' : undefined} onClick={choose(target, href)}>
              {info.nativeName}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** Header language switcher: a button showing the current language, opening the list. */
export function LanguageSwitcher() {
  const intl = useIntl();
  const locale = useAtomValue(localeAtom);
  const [open, setOpen] = useState(false);
  const current = LOCALE_INFO[locale];
  const label = intl.formatMessage({ id: 'layout.language.label' });
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      role="group"
      label={label}
      align="end"
      focusOnOpen
      className="lay-switch"
      trigger={(props) => (
        // The name starts with what the button shows ('EN'), then says what it is (WCAG 2.5.3, label in name).
        <button type="button" className="lay-switch__button" {...props}>
          <GlobeIcon />
          <span className="lay-switch__value">{current.code.toUpperCase()}</span>
          <span className="visually-hidden"> {intl.formatMessage({ id: 'layout.language.button' }, { language: current.nativeName })}</span>
          <ChevronIcon />
        </button>
      )}
    >
      <LanguageList onChosen={() => setOpen(false)} />
    </Dropdown>
  );
}
