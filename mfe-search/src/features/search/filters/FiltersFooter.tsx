import type { TourFilter } from '@tours/shared/domain';
import { Button } from '@tours/shared/kit';
import { clearScreen, resetAll, type ScreenName } from './screens';
import { useT } from '../../../i18n/t';

/** The footer (a sheet's bottom bar on mobile): 'Reset all filters' on the common screen, 'Clear' on a panel, 'Apply' on both. */
export function FiltersFooter({ screen, draft, change, apply }: { screen: ScreenName; draft: TourFilter; change: (next: TourFilter) => void; apply: () => void }) {
  const t = useT();
  return (
    <div className="srch-filters__foot">
      {screen === 'common' ? (
        <Button variant="ghost" onClick={() => change(resetAll(draft))}>{t('filters.resetAll')}</Button>
      ) : (
        <Button variant="ghost" onClick={() => change(clearScreen(draft, screen))}>{t('filters.clear')}</Button>
      )}
      <Button onClick={apply}>{t('filters.apply')}</Button>
    </div>
  );
}
