import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ChatFile } from '@tours/shared/api';
import { useNearViewport } from '@tours/shared/kit';
import type { PictureCache } from './files';

/**
 * A picture sent in the chat (issue 29: it had arrived as a link): a thumbnail in a box of fixed size, so the
 * conversation does not jump when it loads, fetched with the reader's token once it comes near the screen. The
 * thumbnail is a button that opens it full size (the kit's media viewer); its alt text names the picture and what the
 * button does. A picture that cannot be shown says so in the same box; the file's link stays under it either way.
 */
export function PictureAttachment({ file, pictures, onOpen, link }: { file: ChatFile; pictures: PictureCache; onOpen: (src: string) => void; link: ReactNode }) {
  const intl = useIntl();
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box, '200px');
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!near) return undefined;
    let live = true;
    pictures.get(file.url).then((href) => live && setSrc(href), () => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [near, pictures, file.url]);

  return (
    <div className="chat-msg__picture">
      <div ref={box} className="chat-msg__thumb" data-state={src ? 'shown' : failed ? 'failed' : 'loading'}>
        {src ? (
          <button type="button" className="chat-msg__thumb-button" aria-haspopup="dialog" onClick={() => onOpen(src)}>
            <img src={src} alt={intl.formatMessage({ id: 'chat.picture.open' }, { name: file.name })} decoding="async" />
          </button>
        ) : (
          <span className="chat-msg__thumb-note">
            {intl.formatMessage({ id: failed ? 'chat.picture.failed' : 'chat.picture.loading' })}
          </span>
        )}
      </div>
      {link}
    </div>
  );
}
