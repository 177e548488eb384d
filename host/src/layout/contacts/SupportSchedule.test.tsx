import { screen } from '@testing-library/react';
import { BASE_CONFIG, CHINA_CONFIG, type HostStore } from '@tours/shared/contract';
import type { WorkTimeAnswer } from '@tours/shared/api';
import { workTimeAtom } from '../state';
import { SupportSchedule } from './SupportSchedule';
import { fixtures, renderWithHost } from '../test-utils';

const withTime = (store: HostStore) => store.set(workTimeAtom, fixtures.workTime as WorkTimeAnswer);

describe('SupportSchedule', () => {
  it("shows 'Mon-Fri {start} - {end}' and 'Sat-Sun {start} - {end}'", () => {
    renderWithHost(<SupportSchedule />, { prepare: withTime });
    expect(screen.getByText('Mon-Fri 09:00 - 21:00')).toBeInTheDocument();
    expect(screen.getByText('Sat-Sun 10:00 - 18:00')).toBeInTheDocument();
  });

  it('adds no timezone in the base configuration', () => {
    renderWithHost(<SupportSchedule />, { config: { schedule: BASE_CONFIG.schedule }, prepare: withTime });
    expect(screen.queryByText(/MSK/)).not.toBeInTheDocument();
  });

  it('adds the timezone abbreviation (GMT +3) when schedule.enableTimezone is set', () => {
    renderWithHost(<SupportSchedule />, { config: { schedule: CHINA_CONFIG.schedule }, prepare: withTime });
    expect(screen.getByText('MSK (GMT +3)')).toBeInTheDocument();
  });

  it('shows nothing until the schedule is known', () => {
    renderWithHost(<SupportSchedule />);
    expect(screen.queryByTestId('support-schedule')).not.toBeInTheDocument();
  });
});
