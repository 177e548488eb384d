import { useEffect, useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { appConfigAtom, countryAtom, currencyAtom, localeAtom, routeAtom, useHost } from '@tours/shared/core';
import { LOCALE_INFO, availableLocales, currencyChoices, type HostContext, type Locale, type ModalContentProps } from '@tours/shared/contract';
import type { CountriesAnswer } from '@tours/shared/api';
import { Button, SelectField, useT } from '@tours/shared/kit';
import { loadCountries } from '../modals/api';
import { logLoadFailure } from '../log';
import { localePath, rememberLocale } from '../header/locale-switch';
import { writeCountryCookie } from './country-cookie';
import '../modals/modals.css';

/** 'Change region' (§2.3): country, language and currency in one place. */
function SettingsModal({ close }: { close: ModalContentProps['close'] }) {
  const host = useHost();
  const t = useT();
  const config = useAtomValue(appConfigAtom);
  const locale = useAtomValue(localeAtom);
  const route = useAtomValue(routeAtom);
  const country = useAtomValue(countryAtom);
  const currency = useAtomValue(currencyAtom);
  const setCountry = useSetAtom(countryAtom);
  const setCurrency = useSetAtom(currencyAtom);
  const [countries, setCountries] = useState<CountriesAnswer>([]);
  const [countryId, setCountryId] = useState(country ? String(country.id) : '');
  const [language, setLanguage] = useState<Locale>(locale);
  const [money, setMoney] = useState(currency);

  useEffect(() => {
    let cancelled = false;
    loadCountries(host)
      .then((list) => !cancelled && setCountries(list))
      .catch((error) => logLoadFailure('countries', error));
    return () => {
      cancelled = true;
    };
  }, [host]);

  const countryOptions = countries.length
    ? countries.map((c) => ({ value: String(c.id), label: c.name }))
    : country
      ? [{ value: String(country.id), label: country.name }]
      : [];
  if (!countryId && countryOptions.length) countryOptions.unshift({ value: '', label: t('layout.settings.chooseCountry') });

  const save = (event: FormEvent) => {
    event.preventDefault();
    const chosen = countries.find((c) => String(c.id) === countryId) ?? (country && String(country.id) === countryId ? country : null);
    if (chosen) {
      const value = { id: chosen.id, name: chosen.name, iso_code: chosen.iso_code };
      writeCountryCookie(value);
      setCountry({ ...value, fromCookie: true });
    }
    if (money !== currency) setCurrency(money);
    close(true);
    if (language !== locale) {
      rememberLocale(language);
      host.navigate(localePath(route, language));
    }
  };

  return (
    <form className="lay-modal" onSubmit={save}>
      <h2 id="lay-settings-title" className="lay-modal__title">
        {t('layout.settings.title')}
      </h2>
      <p className="lay-modal__text">{t('layout.settings.text')}</p>
      {countryOptions.length > 0 && (
        <SelectField label={t('layout.settings.country')} options={countryOptions} value={countryId} onChange={(e) => setCountryId(e.target.value)} />
      )}
      <SelectField
        label={t('layout.language.label')}
        options={availableLocales(config.russianIsAvailable, config.variant).map((l) => ({ value: l, label: LOCALE_INFO[l].nativeName }))}
        value={language}
        onChange={(e) => setLanguage(e.target.value as Locale)}
      />
      <SelectField
        label={t('layout.currency.label')}
        options={currencyChoices(config).map((c) => ({ value: c, label: c }))}
        value={money}
        onChange={(e) => setMoney(e.target.value)}
      />
      <div className="lay-modal__actions">
        <Button variant="secondary" onClick={() => close()}>
          {t('layout.settings.cancel')}
        </Button>
        <Button type="submit">{t('layout.settings.save')}</Button>
      </div>
    </form>
  );
}

export function openSettingsModal(host: HostContext) {
  return host.showModal({ component: SettingsModal, props: {}, labelId: 'lay-settings-title' });
}
