import { Avatar, Link, organizerShortName, useApiQuery, useHost } from '@tours/shared';
import { fetchVerification, type TourDetail, type Verification } from '../api';
import { useTourFormat } from '../format';
import { Section } from '../parts';

function photoOf(photo: string | { url: string } | null): string | null {
  return typeof photo === 'string' ? photo : photo?.url ?? null;
}

/** Verification marks (e-mail, phone, passport); a failed call counts as all false. */
export function VerificationMarks({ marks }: { marks: Verification | null }) {
  const { t } = useTourFormat();
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

/** Organizer block (§2.6, §4.8; accounts-and-comms 'Organizer (public)'): the organizer, its guides, its marks. */
export function Organizer({ tour }: { tour: TourDetail }) {
  const host = useHost();
  const { t } = useTourFormat();
  const marks = useApiQuery(`verification:${tour.organizer.id}`, (signal) => fetchVerification(host.api, tour.organizer.id, signal));
  const expert = tour.organizer.expert;
  const name = organizerShortName(expert);
  return (
    <Section title={t('tour.organizer.title')} className="tour-organizer">
      <div className="tour-organizer__main">
        <Avatar name={name} photo={photoOf(expert.photo)} size={64} />
        <div>
          <p className="tour-organizer__name">{name}</p>
          {tour.organizer.marketplace_requests_with_direct_sale && <p className="tour-muted">{t('tour.organizer.directSale')}</p>}
          <VerificationMarks marks={marks.data} />
          <Link href={host.href('organizer-id', { id: tour.organizer.id })}>{t('tour.organizer.page')}</Link>
        </div>
      </div>
      {tour.guides.length > 0 && (
        <>
          <h3 className="tour-subsection__title">{t('tour.organizer.guides')}</h3>
          <ul className="tour-guides">
            {tour.guides.map((g, i) => (
              <li key={i} className="tour-guide">
                <Avatar name={organizerShortName(g)} photo={photoOf(g.photo)} />
                <span>{organizerShortName(g)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}
