import type { Verification } from './verification';
import './common.css';
import { useT } from '../../i18n/t';

/** Verification marks (e-mail, phone, passport); a failed call counts as all false. */
export function VerificationMarks({ marks }: { marks: Verification | null }) {
  const t = useT();
  const items = [
    ['email', marks?.is_email_verified],
    ['phone', marks?.is_phone_verified],
    ['passport', marks?.is_passport_verified],
  ] as const;
  return (
    <ul className="tour-marks" aria-label={t('tour.organizer.verification')}>
      {items.map(([kind, ok]) => (
        <li key={kind} className={`tour-mark${ok ? ' tour-mark--ok' : ''}`} data-mark={kind} data-verified={ok ? 'yes' : 'no'}>
          <span aria-hidden="true">{ok ? '✓' : '–'}</span> {t(`tour.organizer.${kind}${ok ? 'Verified' : 'NotVerified'}`)}
        </li>
      ))}
    </ul>
  );
}
