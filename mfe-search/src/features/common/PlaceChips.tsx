import { useHost } from '@tours/shared/core';
import { Link } from '@tours/shared/kit';

/** Regions or travel styles as chips, each a link to its search with its tours count (main page, destinations page). */
export function PlaceChips({ places }: { places: readonly { id: number; slug: string; name: string; tours_count: number }[] }) {
  const host = useHost();
  return (
    <ul className="srch-chips">
      {places.map((r) => (
        <li key={r.id}><Link href={host.href('tours', { slug: r.slug })}>{r.name} <span className="srch-chips__count">{r.tours_count}</span></Link></li>
      ))}
    </ul>
  );
}
