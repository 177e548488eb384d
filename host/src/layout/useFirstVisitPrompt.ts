import { useAtomValue } from 'jotai';
import { promptToShow, type FirstVisitPrompt } from './first-visit';
import { cookiesPendingAtom, countryResolvedAtom, locationAskingAtom } from './state';

/** The one unasked prompt that may show now (first-visit.ts); `ebookDue`: the e-book sheet's own condition holds. */
export function useFirstVisitPrompt(ebookDue = false): FirstVisitPrompt | null {
  const countryResolved = useAtomValue(countryResolvedAtom);
  const locationAsking = useAtomValue(locationAskingAtom);
  const cookiesPending = useAtomValue(cookiesPendingAtom);
  return promptToShow({ countryResolved, locationAsking, cookiesPending, ebookDue });
}
