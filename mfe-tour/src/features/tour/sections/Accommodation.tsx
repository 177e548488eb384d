import { comfortLevel, type MediaItem } from '@tours/shared/domain';
import { PhotoPreviews, Price, TruncatedText } from '@tours/shared/kit';
import type { TourDetail } from '../api';
import { useTourFormat } from '../format';
import { Section, TourRich } from '../parts';

/** Only http(s) registry links are followed. */
function safeUrl(url: string | null): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/**
 * Accommodation (§2.6): a summary card, the living base (previews 4 on sm+ else 3, description truncated at
 * 300 px), the cabins price table, and the accommodation items with their variants and registry links.
 */
export function Accommodation({ tour, openViewer }: { tour: TourDetail; openViewer: (items: MediaItem[], index: number) => void }) {
  const { t } = useTourFormat();
  const comfort = comfortLevel(tour);
  const nights = tour.accommodation.reduce((n, a) => n + a.nights, 0);
  return (
    <Section anchor="accommodation" title={t('tour.nav.accommodation')}>
      <div className="tour-card tour-stay-card">
        <dl className="tour-facts">
          {tour.accommodation_kinds.length > 0 && (
            <div>
              <dt>{t('tour.accommodation.kinds')}</dt>
              <dd>{tour.accommodation_kinds.map((k) => t(`tour.accommodation.kind.${k}`)).join(', ')}</dd>
            </div>
          )}
          {comfort && (
            <div>
              <dt>{t('tour.sidebar.comfort')}</dt>
              <dd>{t(`tour.comfort.${comfort}`)}</dd>
            </div>
          )}
          {nights > 0 && (
            <div>
              <dt>{t('tour.accommodation.total')}</dt>
              <dd>{t('tour.duration.nights', { count: nights })}</dd>
            </div>
          )}
        </dl>
      </div>
      {tour.living_base && (
        <div className="tour-subsection">
          <h3 className="tour-subsection__title">{t('tour.accommodation.livingBase')}</h3>
          <PhotoPreviews images={tour.living_base.images} label={t('tour.accommodation.livingBasePhotos')} onOpen={openViewer} />
          <TruncatedText height={300}>
            <TourRich html={tour.living_base.description} />
          </TruncatedText>
        </div>
      )}
      {tour.cabins_price_table && (
        <div className="tour-subsection">
          <h3 className="tour-subsection__title">{t('tour.accommodation.cabins')}</h3>
          <div className="tour-table-wrap" role="region" aria-label={t('tour.accommodation.cabins')} tabIndex={0}>
            {tour.cabins?.length ? (
              // Rows with numbers: every amount through the one price display, in the traveller's currency (§9).
              <div className="tour-table">
                <table>
                  <thead>
                    <tr><th scope="col">{t('tour.accommodation.cabin')}</th><th scope="col">{t('tour.accommodation.cabinPrice')}</th></tr>
                  </thead>
                  <tbody>
                    {tour.cabins.map((c, i) => (
                      <tr key={i}>
                        <td>{c.name}</td>
                        <td><Price amount={c.price} currency={c.currency} original={{ amount: c.original_price, currency: c.original_currency }} showDiscount={false} /></td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <TourRich className="tour-table" html={tour.cabins_price_table} />
            )}
          </div>
        </div>
      )}
      {tour.accommodation.map((a, i) => (
        <div key={i} className="tour-subsection">
          <h3 className="tour-subsection__title">{t('tour.accommodation.stay', { index: i + 1, nights: t('tour.duration.nights', { count: a.nights }) })}</h3>
          <ul className="tour-stays">
            {a.variants.map((v, j) => {
              const registry = safeUrl(v.registry_url);
              return (
                <li key={j} className="tour-stay">
                  <h4 className="tour-stay__type">{t(`tour.accommodation.kind.${v.type}`)}</h4>
                  <TourRich html={v.description} />
                  <PhotoPreviews images={v.images} label={t('tour.accommodation.photos', { type: t(`tour.accommodation.kind.${v.type}`) })} onOpen={openViewer} />
                  {v.registry_number && (
                    <p className="tour-stay__registry">
                      {registry ? (
                        <a href={registry} target="_blank" rel="noopener noreferrer">{t('tour.accommodation.registry', { number: v.registry_number })}</a>
                      ) : (
                        t('tour.accommodation.registry', { number: v.registry_number })
                      )}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </Section>
  );
}
