import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { toastsAtom } from './modal-state';

/** Toasts of §9: success, error, warning, info; announced politely (errors assertively). */
export function Toasts({ onDismiss }: { onDismiss: (id: string) => void }) {
  const toasts = useAtomValue(toastsAtom);
  const intl = useIntl();
  return (
    <div className="host-toasts" aria-live="polite" aria-relevant="additions">
      {toasts.map((t) => (
        <div key={t.id} className={`host-toast host-toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>{t.text ?? (t.messageId ? intl.formatMessage({ id: t.messageId }, t.values) : '')}</span>
          <button type="button" className="host-toast__close" aria-label={intl.formatMessage({ id: 'common.close' })} onClick={() => onDismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
