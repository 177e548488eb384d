import { useAtomValue } from 'jotai';
import { promptsToShow, type FirstVisitPrompt } from './first-visit';
import { cookiesPendingAtom, countryResolvedAtom, locationAskingAtom } from './state';

/** Whether the unasked prompt `which` may show now (first-visit.ts); `ebookDue`: the e-book sheet's own condition holds. */
export function useFirstVisitPrompt(which: FirstVisitPrompt, ebookDue = false): boolean {
  const countryResolved = useAtomValue(countryResolvedAtom);
  const locationAsking = useAtomValue(locationAskingAtom);
  const cookiesPending = useAtomValue(cookiesPendingAtom);
  return promptsToShow({ countryResolved, locationAsking, cookiesPending, ebookDue }).includes(which);
}
