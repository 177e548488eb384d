import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { countryAtom, useHost } from '@tours/shared/core';
import { LAYOUT, TIMING } from '@tours/shared/domain';
import { Button, Dropdown } from '@tours/shared/kit';
import { ChevronIcon } from '../contacts/icons';
import { writeCountryCookie } from './country-cookie';
import { openSettingsModal } from '../modals/lazy';
import { locationAskingAtom } from '../state';
import './location.css';

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

function PinIcon() {
  return (
    <svg className="lay-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M12 21s-6.5-6.2-6.5-11a6.5 6.5 0 0113 0c0 4.8-6.5 11-6.5 11z" fill="none" stroke="currentColor" strokeWidth="1.7" />
      <circle cx="12" cy="10" r="2.3" fill="currentColor" />
    </svg>
  );
}

/**
 * The visitor's region with the location confirm dropdown of §2.3: 'You're browsing the website for
 * {country}', 'Ok' stores the country (180 days), 'Change region' opens the settings modal. When the
 * country was detected from the IP (not from the cookie) the dropdown opens by itself after 500 ms.
 */
export function LocationControl() {
  const host = useHost();
  const intl = useIntl();
  const [country, setCountry] = useAtom(countryAtom);
  const [open, setOpen] = useState(false);
  const asked = useRef(false);
  // Closed once (answered or dismissed): the other prompts may come (layout/first-visit.ts).
  const [closed, setClosed] = useState(false);
  const needsConfirmation = country !== null && !country.fromCookie;
  const setAsking = useSetAtom(locationAskingAtom);
  // Before paint: a cookie alert must not flash up for the frame between the country's arrival and this.
  useIsomorphicLayoutEffect(() => {
    setAsking(needsConfirmation && !closed);
    return () => setAsking(false);
  }, [needsConfirmation, closed, setAsking]);
  const openChange = (next: boolean) => {
    setOpen(next);
    if (next) asked.current = true;
    else if (asked.current) setClosed(true);
  };

  useEffect(() => {
    if (!needsConfirmation || asked.current) return;
    const timer = window.setTimeout(() => {
      asked.current = true;
      setOpen(true);
    }, TIMING.locationDropdownDelayMs);
    return () => window.clearTimeout(timer);
  }, [needsConfirmation]);

  const confirm = () => {
    if (country) {
      writeCountryCookie(country);
      setCountry({ ...country, fromCookie: true });
    }
    openChange(false);
  };
  const change = () => {
    openChange(false);
    openSettingsModal(host);
  };

  if (!country) {
    return (
      <button type="button" className="lay-location__button" aria-haspopup="dialog" onClick={change}>
        <PinIcon />
        <span className="lay-location__name">{intl.formatMessage({ id: 'layout.location.choose' })}</span>
      </button>
    );
  }

  return (
    <Dropdown
      open={open}
      onOpenChange={openChange}
      label={intl.formatMessage({ id: 'layout.location.label' })}
      maxWidth={LAYOUT.locationDropdownMaxWidth}
      align="end"
      className="lay-location"
      trigger={(props) => (
        <button type="button" className="lay-location__button" aria-label={intl.formatMessage({ id: 'layout.location.button' }, { country: country.name })} {...props}>
          <PinIcon />
          <span className="lay-location__name" aria-hidden="true">
            {country.name}
          </span>
          <span className="lay-location__code" aria-hidden="true">
            {country.iso_code.toUpperCase()}
          </span>
          <ChevronIcon />
        </button>
      )}
    >
      <p className="lay-location__text">
        <FormattedMessage id="layout.location.text" values={{ country: <strong>{country.name}</strong> }} />
      </p>
      <div className="lay-location__actions">
        <Button size="sm" onClick={confirm}>
          {intl.formatMessage({ id: 'layout.location.ok' })}
        </Button>
        <Button size="sm" variant="secondary" aria-haspopup="dialog" onClick={change}>
          {intl.formatMessage({ id: 'layout.location.change' })}
        </Button>
      </div>
    </Dropdown>
  );
}
