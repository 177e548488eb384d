import { useIntl } from 'react-intl';
import mastercard from './payment/mastercard.svg';
import mir from './payment/mir.svg';
import unionpay from './payment/unionpay.svg';
import visa from './payment/visa.svg';

/**
 * Card brands accepted by the card payment provider (§9). The marks are image files, not inline SVG: drawings have no
 * business in the page's JavaScript, which every first visit downloads.
 */
const CARDS = [
  { key: 'visa', src: visa },
  { key: 'mastercard', src: mastercard },
  { key: 'mir', src: mir },
  { key: 'unionpay', src: unionpay },
] as const;

export function PaymentIcons() {
  const intl = useIntl();
  return (
    <ul className="lay-payments" aria-label={intl.formatMessage({ id: 'layout.footer.payments' })}>
      {CARDS.map(({ key, src }) => (
        <li key={key} className="lay-payments__item">
          <img src={src} width={48} height={32} alt={intl.formatMessage({ id: `layout.payment.${key}` })} loading="lazy" decoding="async" />
        </li>
      ))}
    </ul>
  );
}
