import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { STORAGE } from '@tours/shared/contract';
import { EBOOK_ROUTE_CHANGES } from '@tours/shared/domain';
import { routeChangesAtom } from '../../routing/sync';
import { readLocal, writeLocal } from '../browser';
import { useFirstVisitPrompt } from '../useFirstVisitPrompt';
import { useOnDemand } from '../../app/on-demand';

// Never on a landing page (it waits for more than 3 route changes): its code comes when it is due.
const loadView = () => import(/* webpackChunkName: "ebook-sheet" */ './EbookSheetView').then((m) => m.EbookSheetView);

/**
 * E-book subscribe sheet (§4.11): appears after more than 3 route changes unless it was hidden before.
 * Closing it (or subscribing) remembers that it is hidden. Not while the location prompt waits; with the cookie alert.
 */
export function EbookSheet() {
  const changes = useAtomValue(routeChangesAtom);
  const [hidden, setHidden] = useState(() => readLocal(STORAGE.ebookHidden) === '1');
  // After the location prompt; beside a cookie alert still waiting, above it in the stack (layout/first-visit.ts).
  const shows = useFirstVisitPrompt('ebook', !hidden && changes > EBOOK_ROUTE_CHANGES);
  // An offer, not a task: if its code cannot load, there is simply no sheet.
  const EbookSheetView = useOnDemand(loadView, shows);
  if (!shows || !EbookSheetView) return null;
  const hide = () => {
    writeLocal(STORAGE.ebookHidden, '1');
    setHidden(true);
  };
  return <EbookSheetView hide={hide} />;
}
