import { LAYOUT, TIMING } from '@tours/shared/domain';

/** Success alerts open a moment after the form's modal has closed (§9 'Success alert delay', 400 ms). */
export function afterModalClose(run: () => void): void {
  window.setTimeout(run, TIMING.successAlertDelayMs);
}

export const SUCCESS_WIDTH = LAYOUT.successModalWidth;
