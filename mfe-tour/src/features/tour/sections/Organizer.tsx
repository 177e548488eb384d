import { useHost } from '@tours/shared/core';
import { organizerShortName } from '@tours/shared/domain';
import { useApiQuery } from '@tours/shared/api';
import { Avatar, Link } from '@tours/shared/kit';
import { fetchVerification } from '../../common/verification';
import { VerificationMarks } from '../../common/VerificationMarks';
import type { TourDetail } from '../api';
import { useTourFormat } from '../format';
import { Section } from '../parts';

function photoOf(photo: string | { url: string } | null): string | null {
  return typeof photo === 'string' ? photo : photo?.url ?? null;
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
