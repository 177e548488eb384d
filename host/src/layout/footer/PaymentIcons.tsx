import { useIntl } from 'react-intl';

/** Card brands accepted by the card payment provider (§9), as inline SVG marks. */
function Visa() {
  return (
    <svg viewBox="0 0 48 32" width="48" height="32" aria-hidden="true" focusable="false">
      <rect width="48" height="32" rx="4" fill="#fff" stroke="#d9dde3" />
      <path d="M19.6 21.6h-2.9l1.8-11.2h2.9zM30 10.7a7.3 7.3 0 00-2.6-.5c-2.9 0-4.9 1.5-4.9 3.7 0 1.6 1.5 2.5 2.6 3 1.1.6 1.5.9 1.5 1.4 0 .8-.9 1.1-1.8 1.1-1.2 0-1.8-.2-2.8-.6l-.4-.2-.4 2.5c.7.3 2 .6 3.3.6 3.1 0 5-1.5 5.1-3.8 0-1.3-.8-2.2-2.5-3-1-.5-1.7-.9-1.7-1.4 0-.5.5-1 1.7-1a5 5 0 012.2.4l.3.1zM33.9 17.7l1.2-3.1.4-1 .2 1 .7 3.1zm3.6-7.3h-2.3c-.7 0-1.2.2-1.5.9l-4.3 10.3h3.1l.6-1.7h3.7l.4 1.7h2.7zM14.3 10.4l-2.8 7.6-.3-1.5a8.7 8.7 0 00-4-4.7l2.6 9.8h3.1l4.6-11.2z" fill="#1a1f71" />
      <path d="M8.8 10.4H4l-.1.2c3.7.9 6.2 3.2 7.2 5.9l-1-5.1c-.2-.7-.7-.9-1.3-1z" fill="#f7a600" />
    </svg>
  );
}

function Mastercard() {
  return (
    <svg viewBox="0 0 48 32" width="48" height="32" aria-hidden="true" focusable="false">
      <rect width="48" height="32" rx="4" fill="#fff" stroke="#d9dde3" />
      <circle cx="19.5" cy="16" r="8" fill="#eb001b" />
      <circle cx="28.5" cy="16" r="8" fill="#f79e1b" />
      <path d="M24 9.4a8 8 0 010 13.2 8 8 0 010-13.2z" fill="#ff5f00" />
    </svg>
  );
}

function Mir() {
  return (
    <svg viewBox="0 0 48 32" width="48" height="32" aria-hidden="true" focusable="false">
      <rect width="48" height="32" rx="4" fill="#fff" stroke="#d9dde3" />
      <path d="M7 11h3.1l1.7 5.6 1.7-5.6h3.1v10h-2.3v-6.4l-1.8 6.4h-1.4l-1.8-6.4V21H7zm11.6 0h2.3v5.9l3.6-5.9h2.3v10h-2.3v-5.9L20.9 21h-2.3z" fill="#0f754e" />
      <path d="M28.5 11h5.7a3 3 0 013 3 3 3 0 01-3 3h-3.4v4h-2.3z" fill="#0f754e" />
      <path d="M34.6 11h5.9a3.2 3.2 0 01-3.1 3.5h-3.6z" fill="#00a0e3" />
    </svg>
  );
}

function UnionPay() {
  return (
    <svg viewBox="0 0 48 32" width="48" height="32" aria-hidden="true" focusable="false">
      <rect width="48" height="32" rx="4" fill="#fff" stroke="#d9dde3" />
      <path d="M11 7h9l-3.8 18h-9z" fill="#e21836" />
      <path d="M19 7h9l-3.8 18h-9z" fill="#00447c" />
      <path d="M27 7h9.5l-3.8 18H23z" fill="#007b84" />
    </svg>
  );
}

const CARDS = [
  { key: 'visa', Mark: Visa },
  { key: 'mastercard', Mark: Mastercard },
  { key: 'mir', Mark: Mir },
  { key: 'unionpay', Mark: UnionPay },
] as const;

export function PaymentIcons() {
  const intl = useIntl();
  return (
    <ul className="lay-payments" aria-label={intl.formatMessage({ id: 'layout.footer.payments' })}>
      {CARDS.map(({ key, Mark }) => (
        <li key={key} className="lay-payments__item">
          <span className="visually-hidden">{intl.formatMessage({ id: `layout.payment.${key}` })}</span>
          <Mark />
        </li>
      ))}
    </ul>
  );
}
