import { useAtom, useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { appConfigAtom, currencyAtom } from '@tours/shared/core';
import { currencyChoices } from '@tours/shared/contract';
import { SelectField } from '@tours/shared/kit';
import './header.css';

/** Currency switcher (§2.3): writes currencyAtom; the host keeps the cookie (1 year, cleared for the default). */
export function CurrencySwitcher({ showLabel = false, className }: { showLabel?: boolean; className?: string }) {
  const intl = useIntl();
  const [currency, setCurrency] = useAtom(currencyAtom);
  const choices = currencyChoices(useAtomValue(appConfigAtom));
  const options = (choices.includes(currency) ? choices : [currency, ...choices]).map((code) => ({ value: code, label: code }));
  return (
    <SelectField
      className={`lay-currency${className ? ` ${className}` : ''}`}
      label={intl.formatMessage({ id: 'layout.currency.label' })}
      hideLabel={!showLabel}
      options={options}
      value={currency}
      onChange={(e) => setCurrency(e.target.value)}
    />
  );
}
