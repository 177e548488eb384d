import { useId, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { ApiError, appConfigAtom, useHost } from '@tours/shared/core';
import { applyServerErrors, type BookingRequest, type Invoice } from '@tours/shared/api';
import { formatPrice } from '@tours/shared/domain';
import { Button } from '@tours/shared/kit';
import { useDateFormat } from '../common/format';
import { createPayment } from './api';
import { isWebUrl, paymentMethodOf } from './arrival';
import { browser } from './browser';
import { useT } from '../../i18n/t';

/**
 * The travel agreement and the invoices of a confirmed request (accounts-and-comms §3), amounts in the request's
 * currency. An invoice the API says can be paid (`can_pay`) has a Pay button unless the site switched it off
 * (booking.disablePayButton): POST /crm/api/payment/create with the site's payment method, then the provider's page.
 * An invoice that can no longer be paid (409) or is gone (404) means the page is out of date: it asks again.
 */
export function PaymentRecords({ request, onStale }: { request: BookingRequest; onStale: () => void }) {
  const host = useHost();
  const config = useAtomValue(appConfigAtom);
  const fmt = useDateFormat();
  const t = useT();
  const id = useId();
  const [paying, setPaying] = useState<number | null>(null);
  const sending = useRef(false);
  const agreement = request.agreement ?? null;
  const invoices = request.invoices ?? [];
  const payDisabled = config.booking.disablePayButton;
  const method = paymentMethodOf(config.paymentSystems);

  const pay = async (invoice: Invoice) => {
    if (sending.current) return;
    sending.current = true;
    setPaying(invoice.id);
    try {
      const { url } = await createPayment(host.api, { invoiceId: invoice.id, uuid: request.uuid, method });
      if (isWebUrl(url, window.location.href)) {
        // The page leaves: the button stays busy until it has.
        browser.assign(url);
        return;
      }
      host.toast({ kind: 'error', messageId: 'common.requestFailed' });
    } catch (error) {
      applyServerErrors(error, host.toast);
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) onStale();
    }
    sending.current = false;
    setPaying(null);
  };

  return (
    <section className="bk-arrival__card" aria-labelledby={id}>
      <h2 id={id} className="bk-arrival__section-title">
        {t('booking.arrival.payments.title')}
      </h2>
      {agreement && (
        <dl className="bk-arrival__facts" aria-label={t('booking.arrival.agreement.title')}>
          <div>
            <dt>{t('booking.arrival.agreement.number')}</dt>
            <dd>{agreement.number}</dd>
          </div>
          <div>
            <dt>{t('booking.arrival.agreement.status')}</dt>
            <dd data-testid="agreement-status">{t(`booking.arrival.agreement.outcome.${agreement.outcome_name ?? 'open'}`)}</dd>
          </div>
          <div>
            <dt>{t('booking.arrival.agreement.amount')}</dt>
            <dd>{formatPrice(agreement.amount, agreement.currency)}</dd>
          </div>
        </dl>
      )}
      {invoices.length > 0 && (
        <>
          <h3 className="bk-arrival__subtitle">{t('booking.arrival.invoices.title')}</h3>
          <ul className="bk-arrival__invoices">
            {invoices.map((invoice) => {
              const amount = formatPrice(invoice.amount, invoice.currency);
              const kind = t(`booking.arrival.invoice.kind.${invoice.kind}`);
              return (
                <li key={invoice.id} className="bk-arrival__invoice" aria-label={t('booking.arrival.invoice.label', { kind, amount })}>
                  <dl className="bk-arrival__facts">
                    <div>
                      <dt>{t('booking.arrival.invoice.kindLabel')}</dt>
                      <dd>{kind}</dd>
                    </div>
                    <div>
                      <dt>{t('booking.arrival.invoice.amount')}</dt>
                      <dd>{amount}</dd>
                    </div>
                    <div>
                      <dt>{t('booking.arrival.invoice.statusLabel')}</dt>
                      <dd>
                        <span className={`bk-arrival__status bk-arrival__status--invoice-${invoice.status_name}`}>{t(`booking.arrival.invoice.status.${invoice.status_name}`)}</span>
                        {invoice.paid_at && <span className="bk-arrival__muted"> · {t('booking.arrival.invoice.paidAt', { date: fmt.date(invoice.paid_at) })}</span>}
                      </dd>
                    </div>
                  </dl>
                  {invoice.can_pay && !payDisabled && (
                    <Button onClick={() => void pay(invoice)} loading={paying === invoice.id} disabled={paying !== null && paying !== invoice.id}>
                      {t('booking.arrival.invoice.pay', { amount })}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          {payDisabled && invoices.some((i) => i.can_pay) && <p className="bk-arrival__muted">{t('booking.arrival.invoice.payOffline')}</p>}
        </>
      )}
    </section>
  );
}
