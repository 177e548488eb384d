/**
 * The informational pages (issue 17 'Content a traveller expects'): each page's title and its real content from the
 * API (GET /spa/info-page, seeded per locale) in English and one other locale; the FAQ's questions open with the
 * keyboard; the privacy policy shows its version; the contacts page shows the site's phones and opens the callback
 * form; for agencies shows the company requisites; axe clean.
 */
import { expect, test } from './fixtures';
import { axeViolations } from './support';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: 'cookie_alert_accepted', value: '1', url: baseURL! },
    { name: 'chinese_site_modal_dismissed', value: '1', url: baseURL! },
    { name: 'current_country', value: encodeURIComponent(JSON.stringify({ id: 31, name: 'United States', iso_code: 'US' })), url: baseURL! },
  ]);
});

/** [page, path, its title (h1), a heading of its content, a text of its content]. */
const PAGES: [string, string, string, string, string][] = [
  ['about', '/en/about', 'About us', 'Verified organizers', 'You never pay when you send a request.'],
  ['about', '/ru/about', 'О нас', 'Проверенные организаторы', 'При отправке заявки платить ничего не нужно.'],
  ['visa', '/en/visa', 'Visa to Russia', 'Unified electronic visa', 'please confirm them with official sources'],
  ['visa', '/qianzheng', '俄罗斯签证', '统一电子签证', '出行前请务必以官方信息为准'],
  ['gift cards', '/en/gift-cards', 'Gift cards', 'Validity and rules', 'A card is valid for 12 months from the date of purchase.'],
  ['gift cards', '/de/geschenkkarten', 'Geschenkkarten', 'Gültigkeit und Regeln', 'Eine Karte ist 12 Monate ab Kaufdatum gültig.'],
  ['certificates', '/en/certificates', 'Our certificates', 'What the marks mean', 'Unified Federal Register of Tour Operators'],
  ['certificates', '/ru/certificates', 'Наши сертификаты', 'Что означают отметки', 'Единый федеральный реестр туроператоров'],
  ['contacts', '/en/contacts', 'Contact us', 'Phones and e-mail', 'Visits to the office by appointment only'],
  ['contacts', '/de/kontakt', 'Kontakt', 'Telefon und E-Mail', 'Besuche im Büro nur nach Vereinbarung'],
  ['FAQ', '/en/faq', 'Frequently asked questions', 'Cancellations and refunds', 'Do I pay when I send a request?'],
  ['FAQ', '/de/fragen-und-antworten', 'Fragen und Antworten', 'Stornierung und Erstattung', 'Zahle ich beim Absenden einer Anfrage?'],
  ['press', '/en/press', 'Mass media', 'Press kit', 'press@tours.example'],
  ['press', '/xinwen', '媒体报道', '新闻资料包', 'press@tours.example'],
  ['for agencies', '/en/for-agencies', 'For travel agencies', 'Company requisites', '7701483528'],
  ['for agencies', '/ru/for-agencies', 'Турагентствам', 'Реквизиты компании', 'ООО «Туры по России»'],
  ['terms', '/en/agreement', 'Terms and Conditions', '2. Booking and agreement', 'Federal Law No. 132-FZ'],
  ['terms', '/de/vereinbarung', 'Allgemeine Geschäftsbedingungen', '2. Buchung und Vertrag', 'Föderalen Gesetzes Nr. 132-FZ'],
  ['privacy', '/en/privacy', 'Privacy Policy', 'What we collect', 'Federal Law No. 152-FZ'],
  ['privacy', '/yinsizhengce', '隐私政策', '我们收集的信息', '第152号联邦法'],
  ['cookies', '/en/cookies', 'Cookie policy', 'Cookies we set', 'i18n_redirected remembers the site language'],
  ['cookies', '/ru/cookies', 'Политика использования cookie', 'Какие cookie мы устанавливаем', 'i18n_redirected запоминает язык сайта'],
];

for (const [name, path, title, heading, text] of PAGES) {
  test(`${name} (${path}): its title and its content; axe clean`, async ({ page }) => {
    await page.goto(path);
    const main = page.locator('article.srch-info, article.srch-agencies');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(main.getByText(text).first()).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(title));
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('FAQ: a question opens and closes with the keyboard (Enter, Space)', async ({ page }) => {
  await page.goto('/en/faq');
  const question = page.locator('summary', { hasText: 'When will I get my money back?' });
  const answer = page.getByText('Refunds are made to the card you paid with within 10 working days of the cancellation.');
  await expect(question).toBeVisible();
  await expect(answer).toBeHidden();
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(answer).toBeVisible();
  await page.keyboard.press('Space');
  await expect(answer).toBeHidden();
  // The next question is one Tab away.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.locator('summary', { hasText: 'What if the organizer cancels?' })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
});

test('privacy shows the version and date of the policy, in the page\'s language', async ({ page }) => {
  await page.goto('/en/privacy');
  await expect(page.getByText('Version 2.4, in force since March 1, 2025')).toBeVisible();
  await page.goto('/ru/privacy');
  await expect(page.getByText('Редакция 2.4, действует с 1 марта 2025 г.')).toBeVisible();
});

test('contacts: the site\'s phones, e-mail and schedule; \'Request a call\' opens the callback form; axe clean', async ({ page }) => {
  await page.goto('/en/contacts');
  const article = page.locator('article.srch-info');
  await expect(article.getByRole('link', { name: /Free call within Russia.*\+7 800 201-45-67/ })).toHaveAttribute('href', 'tel:+78002014567');
  await expect(article.getByRole('link', { name: 'help@tours.example' })).toHaveAttribute('href', 'mailto:help@tours.example');
  await expect(article.getByText('Mon-Fri 09:00 - 21:00')).toBeVisible();
  await article.getByRole('button', { name: 'Request a call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a call' });
  await expect(dialog).toBeVisible();
  // The layout's own form (the header's): the same fields, whoever opens it.
  await expect(dialog.getByRole('textbox', { name: /^Your name/ })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /^Phone/ })).toBeVisible();
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The common help card of §2.7 further down.
  await article.getByTestId('help-card').scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Submit request' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
