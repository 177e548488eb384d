import { useAtom, useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { tourSelectionItemsAtom, tourSelectionTokenAtom } from '@tours/shared/core';
import { Button, Sheet } from '@tours/shared/kit';

/** The request id of a tour-selection token 'requestId-…' (§3.7): the part before the first '-'. */
export function selectionRequestId(token: string): string {
  return token.split('-')[0] ?? '';
}

/** The tour selection mode sheet (§2.3, §4.9): shown while a selection token is stored. */
export function SelectionSheet() {
  const intl = useIntl();
  const token = useAtomValue(tourSelectionTokenAtom);
  const [items, setItems] = useAtom(tourSelectionItemsAtom);
  if (!token) return null;
  return (
    <Sheet
      className="srch-selection"
      label={intl.formatMessage({ id: 'search.selection.label' })}
      actions={items.length > 0 ? <Button variant="secondary" size="sm" onClick={() => setItems([])}>{intl.formatMessage({ id: 'search.selection.clear' })}</Button> : undefined}
    >
      <p className="srch-selection__text">
        <strong>{intl.formatMessage({ id: 'search.selection.title' }, { requestId: selectionRequestId(token) })}</strong>{' '}
        <span aria-live="polite">{intl.formatMessage({ id: 'search.selection.count' }, { count: items.length })}</span>
      </p>
    </Sheet>
  );
}
