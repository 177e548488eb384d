import { startTransition, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { currencyAtom } from '@tours/shared/core';
import { cachedConversion, convertPrice, discountPercent, formatPrice, type PriceSource } from '../domain';
import './ui.css';
import './Price.css';

/**
 * An amount in the selected currency (currencyAtom): what is already in that currency is shown at once;
 * anything else is converted with GET /node-api/convert-price (cached 60 s per from/to/amount, §9), and
 * `null` is returned while it converts. When the call fails, the amount stays in its own currency.
 */
export function useConvertedPrice(source: PriceSource | null, target: string): PriceSource | null {
  const host = useHost();
  const from = source?.currency.toUpperCase() ?? '';
  const to = target.toUpperCase();
  const amount = source?.amount ?? 0;
  const ready = (): PriceSource | null => {
    if (!source) return null;
    const hit = cachedConversion({ from, to, amount });
    return hit === undefined ? null : { amount: hit, currency: to };
  };
  const [state, setState] = useState<{ key: string; value: PriceSource | null }>(() => ({ key: `${from}>${to}:${amount}`, value: ready() }));
  const key = `${from}>${to}:${amount}`;
  const current = state.key === key ? state.value : ready();
  useEffect(() => {
    if (!source || current) return undefined;
    let live = true;
    convertPrice(host.api, { from, to, amount }).then(
      // Transitions: a page of prices arriving together re-renders in slices, not one long task.
      (result) => live && startTransition(() => setState({ key, value: { amount: result, currency: to } })),
      () => live && startTransition(() => setState({ key, value: { amount, currency: from } })),
    );
    return () => {
      live = false;
    };
    // `source` is read through from/amount; `current` only decides whether to start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, host]);
  return current;
}

/** Picks the best source for the target currency: the given amount when it is already in it, else the exact original. */
function pick(amount: number | null | undefined, currency: string, original: PriceSource | null | undefined, target: string): PriceSource | null {
  if (amount === null || amount === undefined) return null;
  if (currency.toUpperCase() === target.toUpperCase()) return { amount, currency };
  if (original && original.currency.toUpperCase() === target.toUpperCase()) return original;
  return original ?? { amount, currency };
}

export interface PriceProps {
  /** The price as given, in `currency`. */
  amount: number;
  currency: string;
  /** The same price in the stored currency (RUB), converted from when the selected currency differs. */
  original?: PriceSource | null;
  /** The price before the discount, in `currency` (and in the original currency). Shown struck through when higher. */
  oldAmount?: number | null;
  originalOldAmount?: number | null;
  /** Shows 'from' before the price (isNeedShowPriceFrom). */
  from?: boolean;
  /** Shows the discount percent (only when ≥ 2 %, §9). Default true. */
  showDiscount?: boolean;
  /** The compact form with 4 significant digits. */
  compact?: boolean;
  className?: string;
}

/**
 * A price in the traveller's currency (public-site §9): converted with a skeleton while converting, an optional
 * 'from', the old price struck through and the discount percent (shown from 2 %).
 */
export function Price({ amount, currency, original, oldAmount, originalOldAmount, from = false, showDiscount = true, compact = false, className }: PriceProps) {
  const intl = useIntl();
  const target = useAtomValue(currencyAtom);
  const hasOld = oldAmount !== null && oldAmount !== undefined && oldAmount > amount;
  const current = useConvertedPrice(pick(amount, currency, original, target), target);
  const oldOriginal = original && originalOldAmount ? { amount: originalOldAmount, currency: original.currency } : null;
  const old = useConvertedPrice(hasOld ? pick(oldAmount, currency, oldOriginal, target) : null, target);
  const percent = showDiscount && hasOld ? discountPercent(amount, oldAmount) : null;
  const classes = `ui-price${className ? ` ${className}` : ''}`;
  if (!current) {
    return (
      <span className={classes} role="status" aria-label={intl.formatMessage({ id: 'price.converting' })}>
        <span className="ui-skeleton ui-price__skeleton" aria-hidden="true" />
      </span>
    );
  }
  const text = formatPrice(current.amount, current.currency, { compact });
  return (
    <span className={classes}>
      <span className="ui-price__current">{from ? intl.formatMessage({ id: 'price.from' }, { price: text }) : text}</span>
      {hasOld && old && (
        <s className="ui-price__old">
          <span className="visually-hidden">{intl.formatMessage({ id: 'price.oldLabel' })} </span>
          {formatPrice(old.amount, old.currency, { compact })}
        </s>
      )}
      {percent !== null && <span className="ui-price__discount">{intl.formatMessage({ id: 'price.discount' }, { percent })}</span>}
    </span>
  );
}
