import { useHost } from '@tours/shared/core';
import { InfoAnswer, useApiQuery } from '@tours/shared/api';
import './common.css';
import { useT } from '../../i18n/t';

/** The advantages banner of §1: local prices, verified organizers, the federal service with its counts. */
export function Advantages({ info: given, headingLevel = 2 }: { info?: InfoAnswer | null; headingLevel?: 2 | 3 }) {
  const host = useHost();
  // The main page already has the counts (its promo card): no second call then.
  const fetched = useApiQuery(given === undefined ? 'info' : null, (signal) => host.api.get('/spa/info', { schema: InfoAnswer, signal }));
  const info = { data: given === undefined ? fetched.data : given };
  const t = useT();
  const Heading = `h${headingLevel}` as 'h2';
  return (
    <section className="srch-advantages-block" aria-labelledby="srch-adv-title">
      <Heading id="srch-adv-title" className="visually-hidden">{t('main.advantages.title')}</Heading>
      <ul className="srch-advantages">
        <li>{t('main.advantages.prices')}</li>
        <li>{t('main.advantages.verified')}</li>
        <li>{t('main.advantages.federal', { regionsCount: info.data?.regions ?? '…', restKindsCount: info.data?.types ?? '…' })}</li>
      </ul>
    </section>
  );
}
