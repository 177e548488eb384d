import { useIntl } from 'react-intl';
import { COOKIES, type HostContext, type ModalContentProps } from '@tours/shared/contract';
import { Button } from '@tours/shared/kit';
import { readCookie, writeCookie } from '../../state/cookies';
import '../modals/modals.css';

/** The modal that suggests the Chinese sister site (§1). */
export function ChineseSiteModal({ close, url }: { close: ModalContentProps['close']; url: string }) {
  const intl = useIntl();
  return (
    <div className="lay-modal">
      <h2 id="lay-cn-title" className="lay-modal__title">
        {intl.formatMessage({ id: 'layout.chineseSite.title' })}
      </h2>
      <p className="lay-modal__text">{intl.formatMessage({ id: 'layout.chineseSite.text' })}</p>
      <div className="lay-modal__actions">
        <a className="ui-btn ui-btn--primary" href={url} rel="noopener" onClick={() => close('go')}>
          {intl.formatMessage({ id: 'layout.chineseSite.go' })}
        </a>
        <Button variant="secondary" onClick={() => close('stay')}>
          {intl.formatMessage({ id: 'layout.chineseSite.stay' })}
        </Button>
      </div>
    </div>
  );
}

/** Stores that showed the modal already on this page. */
const shownFor = new WeakSet<object>();

/** Opens the modal once; however it is closed, the dismissal is remembered for 180 days (§4.11). */
export function maybeOpenChineseSiteModal(host: HostContext, url: string): void {
  if (shownFor.has(host.store) || readCookie(COOKIES.chineseSiteModal.name)) return;
  shownFor.add(host.store);
  const handle = host.showModal({ component: ChineseSiteModal, props: { url }, labelId: 'lay-cn-title' });
  void handle.closed.then(() => writeCookie(COOKIES.chineseSiteModal.name, '1', COOKIES.chineseSiteModal.maxAge));
}
