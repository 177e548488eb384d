import { Suspense, lazy } from 'react';
import { useAtomValue } from 'jotai';
import { tourSelectionTokenAtom } from '@tours/shared/core';

// Tour selection mode comes from a coordinator's link (§4.9): the sheet's code loads only while a token is stored.
const SelectionSheetView = lazy(() => import(/* webpackChunkName: "selection-sheet" */ './SelectionSheetView').then((m) => ({ default: m.SelectionSheetView })));

/**
 * The tour selection mode sheet (§2.3, §4.9), shown while a selection token is stored (SelectionSheetView: sending the
 * selection to the coordinator).
 */
export function SelectionSheet() {
  const token = useAtomValue(tourSelectionTokenAtom);
  if (!token) return null;
  return (
    <Suspense fallback={null}>
      <SelectionSheetView token={token} />
    </Suspense>
  );
}
