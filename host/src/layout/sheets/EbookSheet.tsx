import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { useHost } from '@tours/shared/core';
import { STORAGE } from '@tours/shared/contract';
import { EBOOK_ROUTE_CHANGES } from '@tours/shared/domain';
import { Button, Sheet } from '@tours/shared/kit';
import { routeChangesAtom } from '../../routing/sync';
import { readLocal, writeLocal } from '../browser';
import { openEbookModal } from '../modals/lazy';
import { BookCover } from './BookCover';
import { useFirstVisitPrompt } from '../useFirstVisitPrompt';
import './sheets.css';

/**
 * E-book subscribe sheet (§4.11): appears after more than 3 route changes unless it was hidden before.
 * Closing it (or subscribing) remembers that it is hidden. Not while the location or cookie prompt waits.
 */
export function EbookSheet() {
  const host = useHost();
  const intl = useIntl();
  const changes = useAtomValue(routeChangesAtom);
  const [hidden, setHidden] = useState(() => readLocal(STORAGE.ebookHidden) === '1');
  // After the location and cookie prompts (layout/first-visit.ts).
  const prompt = useFirstVisitPrompt(!hidden && changes > EBOOK_ROUTE_CHANGES);
  if (prompt !== 'ebook') return null;
  const hide = () => {
    writeLocal(STORAGE.ebookHidden, '1');
    setHidden(true);
  };
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
          <p className="lay-sheet__text">{intl.formatMessage({ id: 'layout.ebook.text' }, { pages: 250 })}</p>
        </div>
      </div>
    </Sheet>
  );
}
