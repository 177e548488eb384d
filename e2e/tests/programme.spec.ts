/**
 * The programme PDF by e-mail (issue 14): the tour page's PDF button opens mfe-booking's parcel, the traveller types
 * an e-mail and sends; the host's alert says 'Check your inbox!' with the address, and the message arrives at the
 * suites' real SMTP server (e2e/mailbox.ts: the API sends e-mail over SMTP_URL). The first e-mail to an address carries
 * a link to the PDF (issue 28: the site attaches files only for addresses that asked before); once it was opened, the
 * next one carries the programme attached as a PDF. The open modal is axe clean and usable on a 320 px screen.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { MAILBOX_FILE, mailTo, type MailMessage } from '../mailbox';
import { E2E_TMP } from '../playwright.config';
import { expect, test } from './fixtures';
import { ROOT, axeViolations, asAnsweredVisitor, findTour } from './support';

const MAILBOX = path.join(ROOT, E2E_TMP, MAILBOX_FILE);

let seq = 0;
/** An address no other test writes to. */
const newEmail = (what: string) => `e2e-programme-${what}-${Date.now().toString(36)}-${++seq}@example.com`;

let tour: { id: number; slug: string; title: string };

test.beforeAll(async () => {
  // A published tour with a programme (its Route section has the PDF button).
  type Answer = { id: number; slug: string; title: string; type: number; is_tour_active: boolean; program?: unknown[] };
  const body = await findTour<Answer>('en', (t) => t.type === 1 && t.is_tour_active && (t.program ?? []).length > 1, '&expand_program=1');
  tour = { id: body.id, slug: body.slug, title: body.title };
});

asAnsweredVisitor();

/** The tour page, scrolled to its Route section, and the PDF request opened from its button. */
async function openPdfRequest(page: Page) {
  await page.goto(`/en/${tour.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: tour.title })).toBeVisible();
  await page.getByRole('navigation', { name: 'Tour sections' }).getByRole('link', { name: 'Route' }).click();
  await page.getByRole('button', { name: 'Get the programme in PDF' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tour programme as PDF' });
  await expect(dialog.getByRole('textbox', { name: /^E-mail/ })).toBeVisible();
  return dialog;
}

/** The newest message to an address, once the SMTP server has `count` of them. */
async function mailFor(email: string, count = 1): Promise<MailMessage> {
  for (let i = 0; i < 60; i++) {
    const messages = mailTo(MAILBOX, email);
    if (messages.length >= count) return messages[0]!;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no e-mail to ${email}`);
}

test.describe('the programme PDF request', () => {
  test('by e-mail: the alert names the address; the first message carries a link to the PDF, the next the PDF attached; axe clean', async ({ page }) => {
    const dialog = await openPdfRequest(page);
    await expect(dialog.getByText(tour.title)).toBeVisible();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

    // An empty submit says what is missing, on the field.
    await dialog.getByRole('button', { name: 'Get the programme' }).click();
    const email = dialog.getByRole('textbox', { name: /^E-mail/ });
    await expect(email).toHaveAccessibleDescription('Required field');
    await expect(email).toBeFocused();
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

    const address = newEmail('pdf');
    await email.fill(address);
    await dialog.getByRole('button', { name: 'Get the programme' }).click();
    await expect(dialog).toBeHidden();
    // The host's alert (a toast with its own close button).
    await expect(page.getByRole('status').filter({ hasText: 'Check your inbox!' })).toContainText(`Check your inbox! We've sent the tour program to your e-mail (${address})`);
    // The modal gave focus back to the button that opened it.
    await expect(page.getByRole('button', { name: 'Get the programme in PDF' })).toBeFocused();

    // A new address: a link, no file.
    const first = await mailFor(address);
    expect(first.subject).toContain(tour.title);
    expect(first.attachments).toEqual([]);
    const link = /https?:\/\/\S+\/spa\/tour-program-pdf\/[A-Za-z0-9_-]{22}/.exec(first.text)?.[0];
    expect(link).toBeTruthy();
    const opened = await page.request.get(link!);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('application/pdf');
    expect((await opened.body()).subarray(0, 4).toString('latin1')).toBe('%PDF');

    // Sent: the next opening starts empty (the draft is gone).
    await page.getByRole('button', { name: 'Get the programme in PDF' }).click();
    const again = page.getByRole('dialog', { name: 'Tour programme as PDF' });
    await expect(again.getByRole('textbox', { name: /^E-mail/ })).toHaveValue('');

    // The address asked (its link was opened): the next programme comes attached.
    await again.getByRole('textbox', { name: /^E-mail/ }).fill(address);
    await again.getByRole('button', { name: 'Get the programme' }).click();
    await expect(again).toBeHidden();
    const message = await mailFor(address, 2);
    const pdfs = message.attachments.filter((a) => a.contentType === 'application/pdf');
    expect(pdfs).toHaveLength(1);
    expect(pdfs[0]!.filename).toMatch(new RegExp(`^tour-${tour.id}-programme-en\\.pdf$`));
    const bytes = Buffer.from(pdfs[0]!.content, 'base64');
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  test('usable at 320 px: the modal fits the screen, nothing scrolls sideways, the form is reachable', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const dialog = await openPdfRequest(page);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    const submit = dialog.getByRole('button', { name: 'Get the programme' });
    await submit.scrollIntoViewIfNeeded();
    await expect(submit).toBeInViewport();
    const submitBox = await submit.boundingBox();
    expect(submitBox!.x + submitBox!.width).toBeLessThanOrEqual(320);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  });
});
