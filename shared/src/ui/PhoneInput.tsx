import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import {
  applyPhoneInput, callingCodeOf, countryName, isBlockedPhoneKey, loadPhoneLib, matchPhoneCountries, normalisePhone, phoneCountryMismatch,
  phoneLib, PHONE_MAX_LENGTH, PHONE_MESSAGE_IDS, type PhoneCountryMatch, type PhoneCountryOption, type PhoneLib,
} from '../domain/phone';
import './ui.css';
import './kit.css';
import './phone-input.css';

/** A message formatter: react-intl's `formatMessage` or the widgets' tiny one. */
export type Translate = (id: string, values?: Record<string, string | number | ((chunks: ReactNode[]) => ReactNode)>) => ReactNode;

export interface PhoneInputProps {
  label: ReactNode;
  /** Shown after the label, e.g. a messenger icon (decorative: give it aria-hidden). */
  labelAddon?: ReactNode;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  /** ISO 3166 alpha-2 code of the selected country. */
  country: string;
  onCountryChange(country: string): void;
  locale: string;
  t: Translate;
  error?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  id?: string;
  name?: string;
  inputRef?: (el: HTMLInputElement | null) => void;
}

/**
 * The phone input of public-site §5.2 / §4.13: a searchable country code picker and the number, at most 18
 * characters, letters blocked, the '+code' prefix kept, RU '+8' → '8', a mismatch hint with a confirm button when
 * the number belongs to another country. libphonenumber-js and its metadata are loaded when the field is first
 * used (focus or pointer down), never with the bundle; until then the picker shows just the chosen country.
 */
export function PhoneInput({ label, labelAddon, value, onChange, onBlur, country, onCountryChange, locale, t, error, hint, required, id, name, inputRef }: PhoneInputProps) {
  const autoId = useId();
  const inputId = id ?? `phone${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const mismatchId = `${inputId}-mismatch`;
  const [lib, setLib] = useState<PhoneLib | null>(phoneLib);
  const input = useRef<HTMLInputElement | null>(null);
  const code = lib ? callingCodeOf(lib, country) : null;

  const ensureLib = () => {
    if (lib) return;
    loadPhoneLib().then(setLib, (e: unknown) => console.error('Phone metadata failed to load', e));
  };

  // Once the metadata is here, an empty field shows the country's code (the prefix the user types after).
  const valueRef = useRef(value);
  valueRef.current = value;
  useEffect(() => {
    if (lib && code && valueRef.current === '') onChange(`+${code}`);
  }, [lib, code]); // eslint-disable-line react-hooks/exhaustive-deps

  const countries = useMemo<PhoneCountryOption[]>(() => {
    if (!lib) return [{ code: country, name: countryName(country, locale), callingCode: '' }];
    return lib
      .getCountries()
      .map((c) => ({ code: c, name: countryName(c, locale), callingCode: String(lib.getCountryCallingCode(c)) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale === 'cn' ? 'zh' : locale));
  }, [lib, country, locale]);

  const mismatch = lib ? phoneCountryMismatch(lib, value, country) : null;

  const handleInput = (e: ChangeEvent<HTMLInputElement>) => {
    const next = applyPhoneInput(e.target.value, country, code);
    // Preact keeps the DOM value when the state does not change: write it back so blocked characters vanish.
    if (e.target.value !== next) e.target.value = next;
    onChange(next);
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!e.ctrlKey && !e.metaKey && !e.altKey && isBlockedPhoneKey(e.key)) e.preventDefault();
  };

  const chooseCountry = (next: PhoneCountryMatch) => {
    if (next.kind === 'code') {
      // 'use code +X': a code no listed country has; the number starts with it.
      onChange(`+${next.callingCode}`);
    } else {
      onCountryChange(next.country.code);
      const nextCode = lib ? callingCodeOf(lib, next.country.code) : null;
      // Choosing a country manually resets the number to that country's code (§4.13).
      if (nextCode) onChange(`+${nextCode}`);
    }
    input.current?.focus();
  };

  const describedBy = [hintId, mismatch ? mismatchId : undefined, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`ui-field ui-phone${error ? ' ui-field--invalid' : ''}`}>
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
        {required && <span className="ui-field__required" aria-hidden="true"> *</span>}
        {labelAddon}
      </label>
      <div className="ui-phone__row">
        <CountrySearch
          label={String(t(PHONE_MESSAGE_IDS.country))}
          codeOfferLabel={(callingCode) => String(t(PHONE_MESSAGE_IDS.useCode, { code: callingCode }))}
          countries={countries}
          selected={country}
          onOpen={ensureLib}
          onChoose={chooseCountry}
        />
        <input
          ref={(el) => {
            input.current = el;
            inputRef?.(el);
          }}
          id={inputId}
          name={name}
          className="ui-field__input ui-phone__number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={PHONE_MAX_LENGTH}
          placeholder="+"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          value={value}
          onFocus={ensureLib}
          onPointerDown={ensureLib}
          onKeyDown={handleKeyDown}
          onChange={handleInput}
          onBlur={() => {
            const normalised = normalisePhone(value, country);
            if (normalised !== value) onChange(normalised);
            onBlur?.();
          }}
        />
      </div>
      {hint && <p id={hintId} className="ui-field__hint">{hint}</p>}
      {mismatch && (
        <p id={mismatchId} className="ui-phone__mismatch" role="status">
          {t(PHONE_MESSAGE_IDS.mismatch, { country: countryName(mismatch, locale) })}{' '}
          <button type="button" className="ui-btn ui-btn--link" onClick={() => onCountryChange(mismatch)}>
            {t(PHONE_MESSAGE_IDS.confirm)}
          </button>
        </p>
      )}
      {error && <p id={errorId} className="ui-field__error">{error}</p>}
    </div>
  );
}

const optionLabel = (c: PhoneCountryOption) => (c.callingCode ? `${c.name} +${c.callingCode}` : c.name);

interface CountrySearchProps {
  label: string;
  codeOfferLabel(callingCode: string): string;
  countries: readonly PhoneCountryOption[];
  selected: string;
  onOpen(): void;
  onChoose(match: PhoneCountryMatch): void;
}

/**
 * The country code picker of §5.2: a combobox (ARIA 1.2 pattern, list autocomplete) that shows the chosen country
 * and, once typed into, searches the countries by name, or by calling code for digits, offering 'use code +X'
 * when no country has it. Arrow keys move through the list, Enter chooses, Escape closes and keeps the country.
 * Not the kit's `Autocomplete`: that one is a search form (its own <form>, asynchronous grouped suggestions),
 * which cannot sit inside the form this field belongs to.
 */
function CountrySearch({ label, codeOfferLabel, countries, selected, onOpen, onChoose }: CountrySearchProps) {
  const baseId = useId().replace(/:/g, '');
  const listId = `${baseId}-countries`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement | null>(null);
  const matches = useMemo(() => (open ? matchPhoneCountries(countries, query) : []), [open, countries, query]);
  const current = countries.find((c) => c.code === selected);
  const shown = current ? optionLabel(current) : selected;

  // The active option stays in view while the arrow keys move through a long list.
  useEffect(() => {
    const item = list.current?.children[active] as HTMLElement | undefined;
    item?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const choose = (match: PhoneCountryMatch | undefined) => {
    if (!match) return;
    close();
    onChoose(match);
  };
  const openList = () => {
    onOpen();
    if (open) return;
    setOpen(true);
    // Start on the chosen country, so the list opens where the traveller is.
    setActive(Math.max(0, countries.findIndex((c) => c.code === selected)));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return openList();
      const last = matches.length - 1;
      setActive((i) => (e.key === 'ArrowDown' ? Math.min(last, i + 1) : Math.max(0, i - 1)));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault(); // not the form's submit
      choose(matches[active]);
    } else if (e.key === 'Escape' && open) {
      // Closes the list only, not the dialog the form may be in.
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };

  const optionId = (i: number) => `${baseId}-o${i}`;
  return (
    <div className="ui-phone__country">
      <input
        className="ui-field__input ui-phone__country-input"
        role="combobox"
        aria-label={label}
        aria-expanded={open && matches.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={open ? query : shown}
        placeholder={shown}
        onFocus={openList}
        onPointerDown={openList}
        onBlur={close}
        onKeyDown={onKeyDown}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          if (!open) openList();
        }}
      />
      <ul ref={list} id={listId} role="listbox" aria-label={label} className="ui-phone__list" hidden={!open || matches.length === 0}>
        {matches.map((m, i) => (
          <li
            key={m.kind === 'code' ? `+${m.callingCode}` : m.country.code}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={`ui-phone__option${i === active ? ' ui-phone__option--active' : ''}`}
            // Keeps the focus in the field, so choosing with the pointer does not close the list first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(m)}
          >
            {m.kind === 'code' ? codeOfferLabel(m.callingCode) : optionLabel(m.country)}
          </li>
        ))}
      </ul>
    </div>
  );
}
