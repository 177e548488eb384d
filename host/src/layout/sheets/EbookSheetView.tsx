import { useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { Button, Sheet } from '@tours/shared/kit';
import { openEbookModal } from '../modals/lazy';
import { BookCover } from './BookCover';
import './sheets.css';

/** The e-book sheet itself (§4.11), loaded when EbookSheet decides it is time: `hide` remembers it was closed. */
export function EbookSheetView({ hide }: { hide: () => void }) {
  const host = useHost();
  const intl = useIntl();
  return (
    <Sheet
      className="lay-ebook"
      label={intl.formatMessage({ id: 'layout.ebook.label' })}
      onClose={hide}
      closeLabel={intl.formatMessage({ id: 'layout.ebook.close' })}
      actions={
        <Button aria-haspopup="dialog" onClick={() => void openEbookModal(host, hide)}>
          {intl.formatMessage({ id: 'layout.ebook.open' })}
        </Button>
      }
    >
      <div className="lay-ebook__body">
        <BookCover />
        <div>
          <p className="lay-sheet__title">{intl.formatMessage({ id: 'layout.ebook.title' })}</p>
          <p className="lay-sheet__text">{intl.formatMessage({ id: 'layout.ebook.text' })}</p>
        </div>
      </div>
    </Sheet>
  );
}
