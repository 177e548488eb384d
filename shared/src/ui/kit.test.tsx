import { useState, type ReactElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { Button } from './Button';
import { Collapse, type CollapsePhase } from './Collapse';
import { Drawer } from './Drawer';
import { Dropdown } from './Dropdown';
import { MessageBanner } from './MessageBanner';
import { PhoneLink, telHref } from './PhoneLink';
import { Sheet } from './Sheet';
import { SelectField, TextField } from './TextField';

const renderIntl = (ui: ReactElement) => render(<IntlProvider locale="en" messages={{ 'common.close': 'Close' }}>{ui}</IntlProvider>);

afterEach(() => jest.useRealTimers());

describe('Button', () => {
  it('is type=button by default and disabled and busy while loading', () => {
    renderIntl(
      <form>
        <Button loading>Send</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Send' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});

describe('TextField and SelectField', () => {
  it('label the control and announce the error with it', () => {
    renderIntl(<TextField label="E-mail" hint="We never share it" error="Required field" required />);
    const input = screen.getByRole('textbox', { name: /E-mail/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it Required field');
  });

  it('keeps a visually hidden label on a select', () => {
    renderIntl(<SelectField label="Currency" hideLabel options={[{ value: 'USD', label: 'USD' }]} />);
    expect(screen.getByRole('combobox', { name: 'Currency' })).toBeInTheDocument();
  });
});

describe('Collapse', () => {
  function Harness({ onPhase }: { onPhase: (p: CollapsePhase) => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" aria-expanded={open} aria-controls="panel" onClick={() => setOpen(!open)}>
          Toggle
        </button>
        <Collapse id="panel" open={open} onPhaseChange={onPhase}>
          <a href="#x">Inside</a>
        </Collapse>
      </>
    );
  }

  it('goes collapsed → expanding → expanded → collapsing → collapsed', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const phases: CollapsePhase[] = [];
    const { container } = renderIntl(<Harness onPhase={(p) => phases.push(p)} />);
    const panel = container.querySelector('#panel')!;
    expect(panel).toHaveAttribute('data-phase', 'collapsed');
    expect(screen.queryByRole('link', { name: 'Inside' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(panel).toHaveAttribute('data-phase', 'expanding');
    act(() => jest.advanceTimersByTime(300));
    expect(panel).toHaveAttribute('data-phase', 'expanded');
    expect(screen.getByRole('link', { name: 'Inside' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Toggle' }));
    expect(panel).toHaveAttribute('data-phase', 'collapsing');
    act(() => jest.advanceTimersByTime(300));
    expect(panel).toHaveAttribute('data-phase', 'collapsed');
    expect(phases).toEqual(['expanding', 'expanded', 'collapsing', 'collapsed']);
  });
});

describe('MessageBanner', () => {
  it('closes by itself after closeTimeout', () => {
    jest.useFakeTimers();
    const onClose = jest.fn();
    renderIntl(<MessageBanner closeTimeout={3000} onClose={onClose}>Saved</MessageBanner>);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('stays without closeTimeout and closes with its button', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderIntl(<MessageBanner onClose={onClose}>Hello</MessageBanner>);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is an alert for errors', () => {
    renderIntl(<MessageBanner kind="error">Failed</MessageBanner>);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
  });
});

describe('PhoneLink', () => {
  it('dials the digits with the leading +', () => {
    expect(telHref('+7 (495) 111-22-33')).toBe('tel:+74951112233');
    expect(telHref('8 800 555 35 35')).toBe('tel:88005553535');
    renderIntl(<PhoneLink phone="+74951112233" formatted="+7 495 111-22-33" caption="Free call" />);
    const link = screen.getByRole('link', { name: 'Free call +7 495 111-22-33' });
    expect(link).toHaveAttribute('href', 'tel:+74951112233');
  });
});

describe('Drawer', () => {
  function Harness() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <Drawer open={open} onClose={() => setOpen(false)} title="Menu">
          <a href="#a">First</a>
          <a href="#b">Last</a>
        </Drawer>
      </>
    );
  }

  it('traps focus, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    renderIntl(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Last' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('closes on the overlay', async () => {
    const user = userEvent.setup();
    renderIntl(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByTestId('drawer-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Dropdown', () => {
  function Harness({ focusOnOpen = false }: { focusOnOpen?: boolean }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Dropdown
          open={open}
          onOpenChange={setOpen}
          label="Region"
          maxWidth={260}
          focusOnOpen={focusOnOpen}
          trigger={(props) => (
            <button type="button" {...props}>
              Region
            </button>
          )}
        >
          <button type="button">Ok</button>
        </Dropdown>
        <p>outside</p>
      </>
    );
  }

  it('toggles with its button, wires aria-expanded/controls and limits the width', async () => {
    const user = userEvent.setup();
    renderIntl(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Region' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    const panel = screen.getByRole('dialog', { name: 'Region' });
    expect(trigger).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveClass('ui-dropdown__panel--w260');
  });

  it('closes on Escape with focus back on the trigger', async () => {
    const user = userEvent.setup();
    renderIntl(<Harness focusOnOpen />);
    await user.click(screen.getByRole('button', { name: 'Region' }));
    expect(screen.getByRole('button', { name: 'Ok' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Region' })).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    renderIntl(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Region' }));
    await user.click(screen.getByText('outside'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Sheet', () => {
  it('is a named region with an optional close button', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    renderIntl(<Sheet label="Cookie notice" onClose={onClose} actions={<button type="button">Allow</button>}>We use cookies</Sheet>);
    expect(screen.getByRole('region', { name: 'Cookie notice' })).toHaveTextContent('We use cookies');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
