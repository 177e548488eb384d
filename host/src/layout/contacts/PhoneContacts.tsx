import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { appConfigAtom, countryAtom, useHost } from '@tours/shared/core';
import { Button } from '@tours/shared/kit';
import { isLoggedInAtom, webCallsAtom } from '../../state/host-atoms';
import { PhoneIcon } from './icons';
import { PhoneList } from './PhoneList';
import { shownPhones } from '../format';
import { openCallbackModal, openPhoneContactsModal } from '../modals/lazy';
import { contactsAtom } from '../state';
import './contacts.css';

export interface PhoneContactsProps {
  /** Country name and the 'Other countries' link (left out on the tour page's support bubble). */
  showCountry?: boolean;
  /** The 'Request a call' button. */
  showCallback?: boolean;
  /** Short labels for narrow places (the header): 'Other country'. */
  compact?: boolean;
  className?: string;
}

/**
 * Phone contacts block (§2.3): country, additional and main phones (local before global, the main one
 * only when it differs), 'Request a call', and 'Call via internet' for logged-in visitors when support
 * calls are allowed.
 */
export function PhoneContacts({ showCountry = true, showCallback = true, compact = false, className }: PhoneContactsProps) {
  const host = useHost();
  const intl = useIntl();
  const contacts = useAtomValue(contactsAtom);
  const country = useAtomValue(countryAtom);
  const loggedIn = useAtomValue(isLoggedInAtom);
  // The configuration allows support calls and the API says the registrar works now (kamailio may be missing).
  const configAllows = useAtomValue(appConfigAtom).webCalls.canCallToSupport;
  const webCalls = useAtomValue(webCallsAtom);
  const canCallToSupport = configAllows && webCalls?.can_call_to_support === true;
  const phones = shownPhones(contacts);
  const countryName = contacts?.country?.name ?? country?.name;

  return (
    <div className={`lay-phones${compact ? ' lay-phones--compact' : ''}${className ? ` ${className}` : ''}`} data-testid="phone-contacts">
      {showCountry && (countryName || contacts?.has_other_phones) && (
        <p className="lay-phones__country">
          {countryName && <span className="lay-phones__country-name">{countryName}</span>}
          {contacts?.has_other_phones && (
            <Button variant="link" className="lay-phones__other" aria-haspopup="dialog" onClick={() => openPhoneContactsModal(host)}>
              {intl.formatMessage({ id: compact ? 'layout.phones.otherCountry' : 'layout.phones.otherCountries' })}
            </Button>
          )}
        </p>
      )}
      {phones.length > 0 && <PhoneList className="lay-phones__list" phones={phones} />}
      {(showCallback || (loggedIn && canCallToSupport)) && (
        <div className="lay-phones__actions">
          {showCallback && (
            <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => openCallbackModal(host)}>
              {intl.formatMessage({ id: 'layout.callback.open' })}
            </Button>
          )}
          {loggedIn && canCallToSupport && (
            <Button
              variant="ghost"
              size="sm"
              className="lay-phones__call"
              aria-haspopup="dialog"
              onClick={() => host.openModal('comms/call', {})}
            >
              {/* Where the header's bar is tight it shows the icon alone, the words still its name (header/call-fits.ts). */}
              <PhoneIcon />
              <span className="lay-phones__call-text">{intl.formatMessage({ id: 'layout.phones.callOnline' })}</span>
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
