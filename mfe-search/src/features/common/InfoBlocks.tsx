import { Fragment, useId, type ReactNode } from 'react';
import { useHost } from '@tours/shared/core';
import type { ContactsBlock, InfoBlock } from '@tours/shared/api';
import { Link, PhoneLink } from '@tours/shared/kit';
import './info.css';
import { useT } from '../../i18n/t';

/** The site's contacts (issue 17 'Contact us'): phones as tel links, the e-mail, the coordinators' schedule (GMT+3, §2.3). */
function Contacts({ block, actions }: { block: ContactsBlock; actions?: ReactNode }) {
  const t = useT();
  const id = useId();
  const { schedule } = block;
  return (
    <section className="srch-info-contacts" aria-labelledby={`phones${id}`}>
      <h2 id={`phones${id}`}>{t('info.contacts.title')}</h2>
      <ul className="srch-info-contacts__phones">
        {block.phones.map((phone) => (
          <li key={`${phone.type}:${phone.phone}`}>
            <PhoneLink phone={phone.phone} formatted={phone.formatted_phone} caption={phone.text} />
          </li>
        ))}
      </ul>
      <dl className="srch-info-contacts__more">
        {block.email && (
          <>
            <dt>{t('info.contacts.email')}</dt>
            <dd>
              <a href={`mailto:${block.email}`}>{block.email}</a>
            </dd>
          </>
        )}
        <dt>{t('info.contacts.hours')}</dt>
        <dd>
          <span className="srch-info-contacts__line">{t('info.contacts.weekdays', { start: schedule.weekdays.start, end: schedule.weekdays.end })}</span>{' '}
          <span className="srch-info-contacts__line">{t('info.contacts.weekend', { start: schedule.weekend.start, end: schedule.weekend.end })}</span>{' '}
          <span className="srch-info-contacts__line">{t('info.contacts.zone', { zone: schedule.timezone, offset: schedule.utc_offset })}</span>
        </dd>
      </dl>
      {actions}
    </section>
  );
}

function Block({ block, contactsActions }: { block: InfoBlock; contactsActions?: ReactNode }) {
  const host = useHost();
  switch (block.type) {
    case 'heading':
      return block.level === 2 ? <h2>{block.text}</h2> : <h3>{block.text}</h3>;
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'note':
      return <p className="srch-info__note">{block.text}</p>;
    case 'list':
      return block.ordered ? (
        <ol>{block.items.map((item, i) => <li key={i}>{item}</li>)}</ol>
      ) : (
        <ul>{block.items.map((item, i) => <li key={i}>{item}</li>)}</ul>
      );
    case 'faq':
      // Native disclosures: Enter and Space open them, find-in-page reaches closed answers, no script needed.
      return (
        <section className="srch-info-faq">
          <h2>{block.title}</h2>
          {block.items.map((item, i) => (
            <details key={i} className="srch-info-faq__item">
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </section>
      );
    case 'requisites':
      return (
        <section className="srch-info-requisites">
          {block.title && <h2>{block.title}</h2>}
          <dl>
            {block.rows.map((row, i) => (
              <div key={i} className="srch-info-requisites__row">
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      );
    case 'link':
      return (
        <p className="srch-info__link">
          <Link href={host.href(block.route)}>{block.text}</Link>
        </p>
      );
    case 'contacts':
      return <Contacts block={block} actions={contactsActions} />;
    default:
      return null;
  }
}

/**
 * An informational page's blocks as semantic HTML (issue 17): headings, paragraphs, lists, FAQ groups as
 * disclosures, requisites as a description list, links by route name, the site's contacts (with `contactsActions`
 * under them: the contacts page's forms).
 */
export function InfoBlocks({ blocks, contactsActions }: { blocks: readonly InfoBlock[]; contactsActions?: ReactNode }) {
  return (
    <>
      {blocks.map((block, i) => (
        <Fragment key={i}>
          <Block block={block} contactsActions={contactsActions} />
        </Fragment>
      ))}
    </>
  );
}
