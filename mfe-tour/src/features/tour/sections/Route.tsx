import { useState } from 'react';
import { useHost } from '@tours/shared/core';
import { isExcursionType, type MediaItem } from '@tours/shared/domain';
import { Collapse, PhotoPreviews } from '@tours/shared/kit';
import type { TourDetail } from '../api';
import { openProgramPdfForm } from '../actions';
import { useTourFormat } from '../format';
import { isValidPlace } from '../map/provider';
import { openMap } from '../open';
import { Section, TourRich } from '../parts';
import type { MessageId } from '../../../i18n/t';

/** Difficulty card: the level's label of §9 and the organizer's description. */
function DifficultyCard({ tour }: { tour: TourDetail }) {
  const { t } = useTourFormat();
  if (!(tour.difficulty >= 1 && tour.difficulty <= 4)) return null;
  return (
    <div className="tour-card tour-difficulty" data-level={tour.difficulty}>
      <h3 className="tour-card__title">{t('tour.difficulty.title')}</h3>
      <p className="tour-difficulty__level">
        <span className="tour-difficulty__bars" aria-hidden="true">
          {[1, 2, 3, 4].map((n) => <span key={n} className={n <= tour.difficulty ? 'on' : ''} />)}
        </span>
        <strong>{t(`tour.difficulty.${tour.difficulty}` as MessageId)}</strong> <span className="tour-muted">{t('tour.difficulty.level', { level: tour.difficulty })}</span>
      </p>
      <TourRich html={tour.difficulty_description} />
    </div>
  );
}

/**
 * Route (§2.6): 'Day N - title' panels, the first one open, expand all / hide all; a PDF button, a route map
 * button and the difficulty card. An excursion shows its programme description instead of days.
 */
export function Route({ tour, openViewer }: { tour: TourDetail; openViewer: (items: MediaItem[], index: number) => void }) {
  const host = useHost();
  const { t } = useTourFormat();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(tour.program[0] ? [tour.program[0].id] : []));
  const all = tour.program.length > 0 && open.size === tour.program.length;
  const toggle = (id: number) => setOpen((s) => {
    const next = new Set(s);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  const mapCenter = tour.map ?? { lat: tour.lat, lng: tour.lng, zoom: 10 };
  return (
    <Section
      anchor="route"
      title={t('tour.nav.route')}
      actions={tour.program.length > 1 && (
        <button type="button" className="ui-btn ui-btn--link" onClick={() => setOpen(all ? new Set() : new Set(tour.program.map((d) => d.id)))}>
          {t(all ? 'tour.route.hideAll' : 'tour.route.expandAll')}
        </button>
      )}
    >
      {isExcursionType(tour.type) && tour.excursion_program_description && <TourRich html={tour.excursion_program_description} />}
      {tour.program.length > 0 && (
        <ol className="tour-days">
          {tour.program.map((d) => {
            const isOpen = open.has(d.id);
            const panel = `day-panel-${d.id}`;
            return (
              <li key={d.id} className={`tour-day${isOpen ? ' tour-day--open' : ''}`}>
                <h3 className="tour-day__heading">
                  <button type="button" className="tour-day__toggle" aria-expanded={isOpen} aria-controls={panel} onClick={() => toggle(d.id)}>
                    {t('tour.route.day', { day: d.day, title: d.title })}
                  </button>
                </h3>
                <Collapse open={isOpen} id={panel}>
                  <div className="tour-day__body">
                    <TourRich html={d.description} />
                    <PhotoPreviews images={d.images} label={t('tour.route.photos', { day: d.day })} onOpen={openViewer} />
                  </div>
                </Collapse>
              </li>
            );
          })}
        </ol>
      )}
      <div className="tour-route__buttons">
        <button type="button" className="ui-btn ui-btn--secondary" aria-haspopup="dialog" onClick={() => openProgramPdfForm(host, tour)}>
          {t('tour.route.pdf')}
        </button>
        {isValidPlace(mapCenter) && (
          <button type="button" className="ui-btn ui-btn--secondary" aria-haspopup="dialog" onClick={() => openMap(host, { name: tour.main_location_name || tour.title, ...mapCenter }, t('tour.route.map'))}>
            {t('tour.route.map')}
          </button>
        )}
      </div>
      <DifficultyCard tour={tour} />
    </Section>
  );
}
