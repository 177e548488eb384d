import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { countryAtom, useHost } from '@tours/shared/core';
import type { HostContext, ModalContentProps } from '@tours/shared/contract';
import type { ContactsAnswer } from '@tours/shared/api';
import { Button } from '@tours/shared/kit';
import { loadAllContacts } from './api';
import { logLoadFailure } from '../log';
import { shownPhones, type ShownPhone } from '../format';
import { PhoneList } from '../contacts/PhoneList';
import './modals.css';

/** One group of the modal: a country's (or the international) phones and e-mail. */
function ContactGroup({ title, phones, email }: { title: string; phones: readonly ShownPhone[]; email: string | null | undefined }) {
  return (
    <li className="lay-modal__group">
      <h3 className="lay-modal__group-title">{title}</h3>
      <PhoneList className="lay-modal__phones" phones={phones} />
      {email && (
        <a className="lay-modal__email" href={`mailto:${email}`}>
          {email}
        </a>
      )}
    </li>
  );
}

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; contacts: ContactsAnswer };

/** 'Other countries' (§2.3): phone contacts of every country that has its own, from /spa/contacts?all=1. */
function PhoneContactsModal({ close }: { close: ModalContentProps['close'] }) {
  const host = useHost();
  const intl = useIntl();
  const countryId = useAtomValue(countryAtom)?.id;
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadAllContacts(host, countryId)
      .then((contacts) => !cancelled && setState({ status: 'ready', contacts }))
      .catch((error) => {
        logLoadFailure('contacts of all countries', error);
        if (!cancelled) setState({ status: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [host, countryId, attempt]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  const groups =
    state.status === 'ready'
      ? (state.contacts.all ?? []).map((c) => ({ key: `c${c.country.id}`, title: c.country.name, email: c.email, phones: shownPhones({ ...c, has_other_phones: false }) }))
      : [];
  const global = state.status === 'ready' ? shownPhones({ ...state.contacts, phones: state.contacts.phones.filter((p) => p.entity === null) }) : [];

  return (
    <div className="lay-modal">
      <h2 id="lay-phones-title" className="lay-modal__title">
        {intl.formatMessage({ id: 'layout.phonesModal.title' })}
      </h2>
      {state.status === 'loading' && (
        <p className="lay-modal__status" role="status">
          {intl.formatMessage({ id: 'layout.phonesModal.loading' })}
        </p>
      )}
      {state.status === 'failed' && (
        <div role="alert">
          <p className="lay-modal__status">{intl.formatMessage({ id: 'layout.phonesModal.failed' })}</p>
          <Button variant="secondary" onClick={retry}>
            {intl.formatMessage({ id: 'layout.phonesModal.retry' })}
          </Button>
        </div>
      )}
      {state.status === 'ready' && (
        <ul className="lay-modal__list">
          {groups.map((g) => (
            <ContactGroup key={g.key} title={g.title} phones={g.phones} email={g.email} />
          ))}
          {global.length > 0 && <ContactGroup title={intl.formatMessage({ id: 'layout.phonesModal.international' })} phones={global} email={state.contacts.email} />}
        </ul>
      )}
      <div className="lay-modal__actions">
        <Button variant="secondary" onClick={() => close()}>
          {intl.formatMessage({ id: 'common.close' })}
        </Button>
      </div>
    </div>
  );
}

export function openPhoneContactsModal(host: HostContext) {
  return host.showModal({ component: PhoneContactsModal, props: {}, labelId: 'lay-phones-title', width: 500 });
}
