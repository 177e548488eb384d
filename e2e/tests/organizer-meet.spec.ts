/**
 * The organizer-meet contract page (issue 16; accounts-and-comms §2 'Organizer-meet contract pages', §6 'access is by
 * key only'): staff make a key (POST /crm/api/contract/organizer-meet-key, as the seeded staff with the private-data
 * permission); the organizer opens /{locale}/organizer-meet/{key}, fills in the contract's details, uploads and
 * deletes documents, saves, reloads and sees it all; a wrong key is the 404 page; a failed save keeps the draft.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { API, axeViolations } from './support';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A new contract's key, made through the staff call. */
async function newKey(): Promise<{ key: string; url: string }> {
  const auth = await fetch(`${API}/crm/api/agent/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'staff.commission@tours.example', password: 'staff-dev-password' }) });
  expect(auth.status).toBe(200);
  const { token } = (await auth.json()) as { token: string };
  const organizer = 1;
  const res = await fetch(`${API}/crm/api/contract/organizer-meet-key`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-authorization': `Bearer ${token}`, 'x-language': 'en' }, body: JSON.stringify({ organizer_id: organizer }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { key: string; url: string };
}

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

const COMPANY: [string, string][] = [
  ['Full name of the company', 'Limited Liability Company "Baikal Trails"'],
  ['Legal address', '19 Vavilova St, Moscow, 117312'],
  ['INN (taxpayer number)', '7707083893'],
  ['OGRN', '1027700132195'],
  ['KPP', '773601001'],
  ['Bank', 'Sberbank'],
  ['BIK', '044525225'],
  ['Settlement account', '40702810938000000001'],
  ['Correspondent account', '30101810400000000225'],
  ['Name', 'Irina Petrova'],
  ['E-mail', 'irina@baikal-trails.example'],
  ['Full name of the signatory', 'Pavel Sokolov'],
  ['Position', 'General Director'],
];

test.describe('organizer-meet contract page', () => {
  test('fill in, upload and delete a document, save, reload and see it all; axe clean', async ({ page, request }) => {
    const { key, url } = await newKey();
    expect(new URL(url).pathname).toBe(`/en/organizer-meet/${key}`);
    await page.goto(`/en/organizer-meet/${key}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Contract details' })).toBeVisible();

    await page.getByRole('radio', { name: 'Legal entity' }).check();
    // The rules speak at once: a wrong check digit under the INN.
    await field(page, 'INN (taxpayer number)').fill('7707083894');
    await field(page, 'INN (taxpayer number)').blur();
    await expect(page.getByText('The check digit does not match: check the number')).toBeVisible();
    for (const [label, value] of COMPANY) await field(page, label).fill(value);
    await page.locator('input[name="contact_phone"]').fill('+79161234567');
    await page.getByRole('radio', { name: 'The charter' }).check();
    await expect(page.getByText('The check digit does not match: check the number')).toHaveCount(0);
    await expect(page.getByText('Everything the contract needs is filled in.')).toBeVisible();

    const documents = page.getByLabel('Add a document');
    await documents.setInputFiles({ name: 'charter.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByRole('link', { name: 'charter.pdf' })).toBeVisible();
    await documents.setInputFiles({ name: 'draft-scan.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByRole('link', { name: 'draft-scan.pdf' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete draft-scan.pdf' }).click();
    await expect(page.getByText('draft-scan.pdf deleted.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'draft-scan.pdf' })).toHaveCount(0);

    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Contract details saved.').first()).toBeVisible();

    await page.reload();
    await expect(field(page, 'Full name of the company')).toHaveValue('Limited Liability Company "Baikal Trails"');
    await expect(page.getByRole('radio', { name: 'Legal entity' })).toBeChecked();
    for (const [label, value] of COMPANY) await expect(field(page, label)).toHaveValue(value);
    await expect(page.getByText('What you typed earlier is back')).toHaveCount(0);
    const link = page.getByRole('link', { name: 'charter.pdf' });
    await expect(link).toBeVisible();
    // The document is served to the key holder (the link carries the key), to nobody else.
    const href = (await link.getAttribute('href'))!;
    const served = await request.get(href);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect((await request.get(href.replace(key, randomBytes(32).toString('base64url')))).status()).toBe(404);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a failed save keeps what was typed, also across a reload', async ({ page }) => {
    const { key } = await newKey();
    await page.goto(`/en/organizer-meet/${key}`);
    await field(page, 'Bank').fill('Sberbank');
    await page.route('**/spa/contract-organizer-meet-save**', (route) => route.abort('connectionfailed'));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toContainText('Everything you typed is kept on this device.');
    await page.unroute('**/spa/contract-organizer-meet-save**');
    await page.reload();
    await expect(field(page, 'Bank')).toHaveValue('Sberbank');
    await expect(page.getByText('What you typed earlier is back')).toBeVisible();
  });

  test('a wrong key answers 404', async ({ page, request }) => {
    const wrong = randomBytes(32).toString('base64url');
    expect((await request.get(`/spa/contract-organizer-meet-data?key=${wrong}`)).status()).toBe(404);
    await page.goto(`/en/organizer-meet/${wrong}`);
    await expect(page.locator('.lay-error[data-status="404"]')).toBeVisible();
    await page.goto('/en/organizer-meet/not-a-key');
    await expect(page.locator('.lay-error[data-status="404"]')).toBeVisible();
  });
});
