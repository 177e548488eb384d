import { useState } from 'react';
import { useAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { tourSelectionItemsAtom, useHost } from '@tours/shared/core';
import { applyServerErrors, isRetryableError } from '@tours/shared/api';
import { Button, Sheet } from '@tours/shared/kit';
import { sendTourSelection } from './selection-api';

/** The request id of a tour-selection token 'requestId-…' (§3.7): the part before the first '-'. */
function selectionRequestId(token: string): string {
  return token.split('-')[0] ?? '';
}

/**
 * The tour selection mode sheet (§2.3, §4.9): shown while a selection token is stored. 'Send to the coordinator'
 * sends the whole selection back to the request of the link; what was sent last is remembered, so the button says
 * when the selection changed since.
 */
export function SelectionSheetView({ token }: { token: string }) {
  const intl = useIntl();
  const host = useHost();
  const [items, setItems] = useAtom(tourSelectionItemsAtom);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const key = items.join(',');
  const send = async () => {
    setSending(true);
    try {
      await sendTourSelection(host.api, token, items);
      setSent(key);
      host.toast({ kind: 'success', text: intl.formatMessage({ id: 'search.selection.sent' }, { count: items.length }) });
    } catch (error) {
      if (isRetryableError(error)) host.toast({ kind: 'error', text: intl.formatMessage({ id: 'search.selection.sendFailed' }) });
      else applyServerErrors(error, host.toast);
    } finally {
      setSending(false);
    }
  };
  return (
    <Sheet
      className="srch-selection"
      label={intl.formatMessage({ id: 'search.selection.label' })}
      actions={
        <>
          {items.length > 0 && (
            <Button variant="secondary" size="sm" onClick={() => setItems([])}>
              {intl.formatMessage({ id: 'search.selection.clear' })}
            </Button>
          )}
          <Button size="sm" loading={sending} disabled={sent === key} onClick={() => void send()}>
            {intl.formatMessage({ id: sent === key ? 'search.selection.upToDate' : 'search.selection.send' })}
          </Button>
        </>
      }
    >
      <p className="srch-selection__text">
        <strong>{intl.formatMessage({ id: 'search.selection.title' }, { requestId: selectionRequestId(token) })}</strong>{' '}
        <span aria-live="polite">{intl.formatMessage({ id: 'search.selection.count' }, { count: items.length })}</span>
      </p>
    </Sheet>
  );
}
