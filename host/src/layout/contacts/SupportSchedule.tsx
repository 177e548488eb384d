import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { appConfigAtom } from '@tours/shared/core';
import { workTimeAtom } from '../state';
import './contacts.css';

function gmtOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}

/**
 * Support schedule (§2.3): 'Mon-Fri {start} - {end}' and 'Sat-Sun {start} - {end}', in GMT +3, with the
 * timezone abbreviation when the configuration asks for it (schedule.enableTimezone).
 */
export function SupportSchedule({ className }: { className?: string }) {
  const time = useAtomValue(workTimeAtom);
  const enableTimezone = useAtomValue(appConfigAtom).schedule.enableTimezone;
  if (!time) return null;
  return (
    <p className={`lay-schedule${className ? ` ${className}` : ''}`} data-testid="support-schedule">
      <span className="lay-schedule__line">
        <FormattedMessage id="layout.schedule.weekdays" values={{ start: time.weekdays.start, end: time.weekdays.end }} />
      </span>{' '}
      <span className="lay-schedule__line">
        <FormattedMessage id="layout.schedule.weekend" values={{ start: time.weekend.start, end: time.weekend.end }} />
      </span>
      {enableTimezone && (
        <>
          {' '}
          <span className="lay-schedule__zone">
            <FormattedMessage id="layout.schedule.timezone" values={{ zone: time.timezone, offset: gmtOffset(time.utc_offset_minutes) }} />
          </span>
        </>
      )}
    </p>
  );
}
