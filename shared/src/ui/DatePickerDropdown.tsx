import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from './Button';
import { DatePicker, fromIso, type DateRange } from './DatePicker';
import { CloseGlyph } from './MessageBanner';
import './ui.css';
import './DatePicker.css';
import './DatePickerDropdown.css';

export interface DatePickerDropdownProps {
  label: string;
  mode: 'single' | 'range';
  value: DateRange;
  /** Called with the chosen dates on Apply. */
  onApply: (value: DateRange) => void;
  months?: number;
  min?: string | null;
  max?: string | null;
  placeholder?: string;
  className?: string;
}

/**
 * The date-picker dropdown of §2.10: a calendar of several months under a trigger, single date or range. Below the
 * md breakpoint it becomes fullscreen with the title 'select dates', a close and an apply button. Escape or a
 * click outside closes it without applying.
 */
export function DatePickerDropdown({ label, mode, value, onApply, months = 2, min, max, placeholder, className }: DatePickerDropdownProps) {
  const intl = useIntl();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DateRange>(value);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) setDraft(value);
    // Start from the applied value each time it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  useEffect(() => {
    if (!open) return undefined;
    const outside = (e: Event) => {
      if (root.current && e.target instanceof Node && !root.current.contains(e.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const fmt = new Intl.DateTimeFormat(intl.locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const text = value.start ? (value.end ? `${fmt.format(fromIso(value.start))} – ${fmt.format(fromIso(value.end))}` : fmt.format(fromIso(value.start))) : placeholder ?? '';
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const apply = () => {
    onApply(mode === 'range' && draft.start && !draft.end ? { start: draft.start, end: draft.start } : draft);
    close();
  };
  return (
    <div ref={root} className={`ui-datedrop${className ? ` ${className}` : ''}`} onKeyDown={(e) => { if (e.key === 'Escape' && open) { e.stopPropagation(); close(); } }}>
      <span className="ui-field__label" id={`${id}-label`}>{label}</span>
      <button ref={trigger} type="button" className="ui-field__input ui-datedrop__trigger" aria-haspopup="dialog" aria-expanded={open} aria-controls={`${id}-panel`} aria-labelledby={`${id}-label ${id}-value`} onClick={() => setOpen(!open)}>
        <span id={`${id}-value`}>{text}</span>
      </button>
      {open && (
        <div id={`${id}-panel`} className="ui-datedrop__panel" role="dialog" aria-modal="false" aria-labelledby={`${id}-title`}>
          <div className="ui-datedrop__head">
            <h2 id={`${id}-title`} className="ui-datedrop__title">{intl.formatMessage({ id: 'datePicker.title' })}</h2>
            <button type="button" className="ui-datedrop__close" aria-label={intl.formatMessage({ id: 'common.close' })} onClick={close}><CloseGlyph /></button>
          </div>
          <DatePicker mode={mode} value={draft} onChange={setDraft} months={months} min={min} max={max} label={label} />
          <div className="ui-datedrop__foot">
            <Button variant="ghost" onClick={() => setDraft({ start: null, end: null })}>{intl.formatMessage({ id: 'datePicker.reset' })}</Button>
            <Button onClick={apply}>{intl.formatMessage({ id: 'datePicker.apply' })}</Button>
          </div>
        </div>
      )}
    </div>
  );
}
