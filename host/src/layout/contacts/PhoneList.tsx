import { PhoneLink } from '@tours/shared/kit';
import type { ShownPhone } from '../format';

/** A list of phone links (each with its caption): the header's contacts and each group of the phones modal. */
export function PhoneList({ phones, className }: { phones: readonly ShownPhone[]; className: string }) {
  return (
    <ul className={className}>
      {phones.map((p) => (
        <li key={p.phone}>
          <PhoneLink phone={p.phone} formatted={p.formatted} caption={p.caption || undefined} />
        </li>
      ))}
    </ul>
  );
}
