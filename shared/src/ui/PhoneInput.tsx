import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';
import {
  applyPhoneInput, callingCodeOf, countryName, isBlockedPhoneKey, loadPhoneLib, matchPhoneCountries, normalisePhone, phoneCountryMismatch, phoneEditOf,
  phoneLib, PHONE_MAX_LENGTH, PHONE_MESSAGE_IDS, type PhoneCountryMatch, type PhoneCountryOption, type PhoneLib,
} from '../domain/phone';
import { useCombobox } from './useCombobox';
import type { Translate as AnyIdTranslate } from '../i18n/use-t';
import './ui.css';
import './kit.css';
import './phone-input.css';

/** A message formatter of any ids: the kit's `useT()` or the widgets' tiny one. */
export type Translate = AnyIdTranslate<string>;

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
    // Typed or deleted: a '+' typed over the code starts another country's number; deleting into the code restores it.
    // (React hands the InputEvent as nativeEvent; Preact's event is the InputEvent itself.)
    const inputType = ((e.nativeEvent ?? e) as unknown as { inputType?: string }).inputType;
    const next = applyPhoneInput(e.target.value, country, code, phoneEditOf(inputType));
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
 * The country code picker of §5.2: a combobox (`useCombobox`, list autocomplete) that shows the chosen country
 * and, once typed into, searches the countries by name, or by calling code for digits, offering 'use code +X'
 * when no country has it. The list opens on focus at the chosen country; arrow keys move through it, Enter
 * chooses, Escape closes and keeps the country.
 * Not the kit's `Autocomplete`: that one is a search form (its own <form>, asynchronous grouped suggestions),
 * which cannot sit inside the form this field belongs to.
 */
function CountrySearch({ label, codeOfferLabel, countries, selected, onOpen, onChoose }: CountrySearchProps) {
  const [query, setQuery] = useState('');
  const matches = useMemo(() => matchPhoneCountries(countries, query), [countries, query]);
  const current = countries.find((c) => c.code === selected);
  const shown = current ? optionLabel(current) : selected;
  const combo = useCombobox({
    items: matches,
    // The whole list starts on the chosen country, so it opens where the traveller is; a search on its best match.
    initialIndex: query.trim() ? 0 : Math.max(0, matches.findIndex((m) => m.kind === 'country' && m.country.code === selected)),
    onSelect: onChoose,
    onOpenChange: (open) => (open ? onOpen() : setQuery('')),
  });

  return (
    <div className="ui-phone__country">
      <input
        {...combo.inputProps}
        className="ui-field__input ui-phone__country-input"
        aria-label={label}
        spellCheck={false}
        value={combo.open ? query : shown}
        placeholder={shown}
        onKeyDown={(e) => {
          // Enter in the open search never submits the form the field belongs to.
          if (e.key === 'Enter' && combo.open) e.preventDefault();
          combo.inputProps.onKeyDown(e);
        }}
        onChange={(e) => {
          setQuery(e.target.value);
          combo.setOpen(true);
        }}
      />
      <ul {...combo.listboxProps} aria-label={label} className="ui-phone__list" hidden={!combo.expanded}>
        {combo.open && matches.map((m, i) => (
          <li
            key={m.kind === 'code' ? `+${m.callingCode}` : m.country.code}
            {...combo.optionProps(i)}
            className={`ui-phone__option${i === combo.active ? ' ui-phone__option--active' : ''}`}
          >
            {m.kind === 'code' ? codeOfferLabel(m.callingCode) : optionLabel(m.country)}
          </li>
        ))}
      </ul>
    </div>
  );
}
