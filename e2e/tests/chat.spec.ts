/**
 * Live chat (issue 15; accounts-and-comms §2 'Chat', §3 'Real-time chat events', §7 chat calls): a signed-in traveller
 * and the support agent (the seeded development account, signed in at the agent console in a second browser context)
 * talk through the real API and socket.io. Both sides see each other's messages, edits, deletions, read marks and the
 * freeze live, without reloading; a dropped socket loses and doubles nothing (checked in the DOM and in the database);
 * a message written in a network blip goes by itself once, the header's badge counts replies on any page, and
 * pictures show as pictures (issue 29).
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import type { Browser, BrowserContext, Locator, Page, WebSocketRoute } from '@playwright/test';
import { E2E_TMP } from '../playwright.config';
import { expect, test } from './fixtures';
import { axeViolations, ROOT, signInTraveller } from './support';

const DB_FILE = path.join(ROOT, E2E_TMP, 'catalogue.sqlite');
// The seeded development support account (api/src/db/seed/staff.ts).
const SUPPORT = { login: 'support@tours.example', password: 'support-dev-password' };
// A 1×1 PNG: a real image, so the upload's type check passes.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Rows of chat_messages of a chat with this text (what the server stored, however often the client sent it). */
function storedMessages(chatId: number, text: string): number {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('select count(*) as n from chat_messages where chat_id = ? and text = ?').get(chatId, text) as { n: number }).n;
  } finally {
    db.close();
  }
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The conversation and its messages (one <li> each) with a text. */
const log = (page: Page) => page.getByRole('log');
const messages = (page: Page, text: string): Locator => log(page).locator('li', { hasText: text });
/**
 * One's own message the server confirmed: '· Sent', or '· Read' once the other side read it (an agent's console open on
 * the chat reads it within milliseconds, so 'Sent' alone may never be seen). Labels of unsent messages have no '·'.
 */
const CONFIRMED = /· (Sent|Read)/;

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

/** The traveller signs in and opens the support chat from the support bubble's 'Go to Live Chat'; answers its id. */
async function openSupportChat(page: Page): Promise<{ email: string; chatId: number }> {
  const email = await signInTraveller(page, 'e2e-chat');
  await openFromBubble(page);
  return { email, chatId: Number(/\/en\/chat\/(\d+)/.exec(page.url())![1]) };
}

async function openFromBubble(page: Page) {
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const bubble = page.getByRole('dialog', { name: 'Ask our travel experts anything' });
  await bubble.getByRole('link', { name: 'Go to Live Chat' }).click();
  await expect(page).toHaveURL(/\/en\/chat\/\d+$/);
  await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();
}

/** The agent console in its own browser context, signed in as support. */
async function openAgent(browser: Browser, axeSignIn = false): Promise<{ context: BrowserContext; agent: Page }> {
  const context = await browser.newContext();
  const agent = await context.newPage();
  await agent.goto('/en/agent');
  await expect(agent.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  if (axeSignIn) expect(await axeViolations(agent)).toEqual([]);
  await agent.getByRole('textbox', { name: 'Login' }).fill(SUPPORT.login);
  await agent.getByLabel('Password').fill(SUPPORT.password);
  await agent.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(agent.getByText('Signed in as Anna (Support)')).toBeVisible();
  return { context, agent };
}

/** The traveller's chat in the agent's list (named by the traveller, here their e-mail). */
const agentChatButton = (agent: Page, email: string) =>
  agent.getByRole('navigation', { name: 'Chats' }).getByRole('button', { name: new RegExp(escapeRe(email)) });

async function agentOpens(agent: Page, email: string) {
  await agentChatButton(agent, email).click();
  await expect(agent.getByRole('heading', { level: 2, name: new RegExp(escapeRe(email)) })).toBeVisible();
}

/** A conversation started: the traveller signs in and writes a first message, the agent (console open) opens the chat. */
async function startConversation(page: Page, agent: Page, first: string): Promise<{ email: string; chatId: number }> {
  const opened = await openSupportChat(page);
  await send(page, first);
  await agent.reload();
  await agentOpens(agent, opened.email);
  return opened;
}

test.describe('live chat: traveller and support agent', () => {
  test('messages both ways, live; unread counts, read marks and the header badge; chat JS measured', async ({ page, browser }) => {
    const { context, agent } = await openAgent(browser);
    try {
      const email = await signInTraveller(page, 'e2e-chat');
      // The budget 'Opening the chat downloads at most 60 KB gzip of new JS': scripts fetched from here to the open chat.
      await page.waitForLoadState('networkidle');
      const scripts: Array<Promise<{ url: string; gz: number }>> = [];
      const collect = (res: import('@playwright/test').Response) => {
        if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => ({ url: res.url(), gz: gzipSync(b).length }), () => ({ url: res.url(), gz: 0 })));
      };
      page.on('response', collect);
      await openFromBubble(page);
      await expect(log(page)).toBeVisible();
      await page.waitForTimeout(500);
      page.off('response', collect);
      const fetched = await Promise.all(scripts);
      const total = fetched.reduce((n, s) => n + s.gz, 0);
      test.info().annotations.push({ type: 'chat JS (gzip)', description: `${(total / 1024).toFixed(1)} KB in ${fetched.length} scripts: ${fetched.map((s) => `${new URL(s.url).pathname} ${(s.gz / 1024).toFixed(1)} KB`).join(', ')}` });
      const chatId = Number(/\/en\/chat\/(\d+)/.exec(page.url())![1]);

      const hello = unique('Hello, do you have places in March?');
      await send(page, hello);
      await expect(messages(page, hello)).toContainText('Sent');

      // The agent (console open since before the chat existed) sees it live with its unread count, opens it: the
      // traveller's message is marked read on their side.
      await expect(agentChatButton(agent, email)).toContainText('1 unread');
      await agentOpens(agent, email);
      await expect(messages(agent, hello)).toHaveCount(1);
      await expect(agentChatButton(agent, email)).not.toContainText('unread');
      await expect(messages(page, hello)).toContainText('Read');

      // The reply reaches the traveller live; they see it, so the agent's reply is marked read.
      const reply = unique('Yes, six places on March 8.');
      await send(agent, reply);
      await expect(messages(page, reply)).toHaveCount(1);
      await expect(messages(page, reply)).toContainText('Anna (Support)');
      await expect(messages(agent, reply)).toContainText('Read');

      // Away from the chat, a new reply counts in the header badge; opening the chat clears it.
      await page.goto('/en/about');
      const badge = page.getByRole('banner').getByRole('link', { name: /Live chat/ }).locator('.lay-chat__badge');
      await expect(page.getByRole('banner').getByRole('link', { name: /Live chat/ })).toBeVisible();
      await expect(badge).toHaveCount(0);
      const later = unique('Shall I hold two places?');
      await send(agent, later);
      await expect(messages(agent, later)).toContainText('Sent');
      await page.reload();
      await expect(badge).toHaveText('1');
      await page.getByRole('banner').getByRole('link', { name: /Live chat/ }).click();
      await expect(messages(page, later)).toHaveCount(1);
      await expect(badge).toHaveCount(0);
      await expect(messages(agent, later)).toContainText('Read');
      expect(storedMessages(chatId, hello)).toBe(1);
      expect(storedMessages(chatId, reply)).toBe(1);
    } finally {
      await context.close();
    }
  });

  test('an attachment: the traveller attaches a file and sends it; the agent sees it', async ({ page, browser }) => {
    const { context, agent } = await openAgent(browser);
    try {
      const { email } = await openSupportChat(page);
      await page.getByLabel('Attach a file').setInputFiles({ name: 'e2e-pixel.png', mimeType: 'image/png', buffer: PIXEL });
      await expect(page.getByRole('status').filter({ hasText: 'e2e-pixel.png' })).toContainText('attached');
      const text = unique('My passport scan');
      await send(page, text);
      await expect(messages(page, text)).toContainText('e2e-pixel.png');
      await expect(messages(page, text)).toContainText('Sent');

      await agent.reload();
      await agentOpens(agent, email);
      await expect(messages(agent, text)).toHaveCount(1);
      const file = messages(agent, text).getByRole('link', { name: 'e2e-pixel.png' });
      await expect(file).toBeVisible();
      // The file is private: fetched with the agent's token, then saved under its name.
      const download = agent.waitForEvent('download');
      await file.click();
      expect((await download).suggestedFilename()).toBe('e2e-pixel.png');
      await expect(messages(page, text).getByRole('link', { name: 'e2e-pixel.png' })).toBeVisible();

      // Issue 29: a picture is shown, not only linked, on both sides: a thumbnail in a box of fixed size (reserved
      // before it loads) whose button opens it full size in the site's viewer; Escape closes it.
      for (const p of [page, agent]) {
        const thumb = messages(p, text).getByRole('button', { name: 'Open the picture e2e-pixel.png full size' });
        await expect(thumb).toBeVisible();
        const picture = thumb.locator('img');
        await expect(picture).toHaveAttribute('alt', 'Open the picture e2e-pixel.png full size');
        await expect(picture).toHaveJSProperty('complete', true);
        expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
        const box = await messages(p, text).locator('.chat-msg__thumb').boundingBox();
        expect(box && Math.round(box.width)).toBe(240);
        expect(box && Math.round(box.height)).toBe(180);
        await thumb.click();
        const viewer = p.getByRole('dialog', { name: 'Photos and videos' });
        await expect(viewer.getByRole('img', { name: 'Picture e2e-pixel.png' })).toBeVisible();
        await p.keyboard.press('Escape');
        await expect(viewer).toHaveCount(0);
      }
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('an edit, a moderation and a delete by the agent are seen live by the traveller', async ({ page, browser }) => {
    const { context, agent } = await openAgent(browser);
    try {
      const rude = unique('Call me at +7 999 123 45 67, idiots');
      await startConversation(page, agent, rude);
      const kept = unique('Call me, please');
      await messages(agent, rude).getByRole('button', { name: 'Moderate' }).click();
      await agent.getByRole('textbox', { name: 'Text that stays (empty hides the message)' }).fill(kept);
      await agent.getByRole('button', { name: 'Save' }).click();
      await expect(messages(page, kept)).toContainText('Moderated');
      await expect(messages(page, rude)).toHaveCount(0);
      // Nor does the chat list's preview of the last message keep the moderated text.
      const list = page.getByRole('navigation', { name: 'Chats' });
      await expect(list).toContainText(kept);
      await expect(list).not.toContainText(rude);

      const first = unique('The price is 100 USD.');
      await send(agent, first);
      await expect(messages(page, first)).toHaveCount(1);

      const fixed = unique('The price is 120 USD.');
      await messages(agent, first).getByRole('button', { name: 'Edit' }).click();
      await agent.getByRole('textbox', { name: 'New text' }).fill(fixed);
      await agent.getByRole('button', { name: 'Save' }).click();
      await expect(messages(agent, fixed)).toContainText('edited');
      await expect(messages(page, fixed)).toHaveCount(1);
      await expect(messages(page, fixed)).toContainText('edited');
      await expect(messages(page, first)).toHaveCount(0);
      await expect(list).toContainText(fixed);

      await messages(agent, fixed).getByRole('button', { name: 'Delete' }).click();
      await expect(messages(page, fixed)).toHaveCount(0);
      await expect(log(page).locator('li', { hasText: 'This message was deleted' })).toHaveCount(1);
      await expect(log(agent).locator('li', { hasText: 'This message was deleted' })).toHaveCount(1);
      await expect(list).not.toContainText(fixed);
      await expect(list).toContainText('This message was deleted');
    } finally {
      await context.close();
    }
  });

  test('a dropped socket: what the agent sent meanwhile arrives once, the message written offline is sent once', async ({ page, browser }) => {
    test.setTimeout(90_000);
    // Every socket.io websocket of the traveller goes through the test, which can cut it.
    const sockets: Array<{ page: WebSocketRoute; server: WebSocketRoute }> = [];
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      sockets.push({ page: ws, server: ws.connectToServer() });
    });
    const { context, agent } = await openAgent(browser);
    try {
      const hello = unique('Hello before the tunnel');
      const { chatId } = await startConversation(page, agent, hello);
      await expect(messages(agent, hello)).toHaveCount(1);

      // The train enters a tunnel: no network, and the open socket dies.
      await page.context().setOffline(true);
      for (const s of sockets.splice(0)) {
        await s.server.close().catch(() => undefined);
        await s.page.close().catch(() => undefined);
      }
      await expect(page.getByRole('status').filter({ hasText: 'No connection' })).toBeVisible();

      const one = unique('Agent message one');
      const two = unique('Agent message two');
      await send(agent, one);
      await send(agent, two);
      await expect(messages(agent, two)).toContainText('Sent');
      const offline = unique('Written in the tunnel');
      const offline2 = unique('And a second line');
      await send(page, offline);
      await send(page, offline2);
      await expect(messages(page, offline)).toContainText('Will be sent when the connection is back');
      await expect(messages(page, offline2)).toContainText('Will be sent when the connection is back');
      await expect(messages(page, one)).toHaveCount(0);

      // A long tunnel (or a sleeping laptop): socket.io's backoff has grown to several seconds by now.
      await page.waitForTimeout(20_000);
      await page.context().setOffline(false);
      const back = Date.now();
      // Coming back online reconnects at once, not at the next backoff step.
      await expect(messages(page, two)).toHaveCount(1, { timeout: 5_000 });
      test.info().annotations.push({ type: 'caught up after', description: `${Date.now() - back} ms` });
      await expect(messages(page, one)).toHaveCount(1);
      await expect(messages(page, offline)).toHaveCount(1);
      await expect(messages(page, offline)).not.toContainText('Will be sent');
      await expect(messages(agent, offline)).toHaveCount(1);
      await expect(messages(agent, offline2)).toHaveCount(1);
      // A moment for any late duplicate (a second send, a replayed event) to show.
      await page.waitForTimeout(1500);
      await expect(messages(page, one)).toHaveCount(1);
      await expect(messages(page, two)).toHaveCount(1);
      await expect(messages(page, offline)).toHaveCount(1);
      await expect(messages(agent, offline)).toHaveCount(1);
      await expect(messages(page, offline2)).toHaveCount(1);
      expect(storedMessages(chatId, offline)).toBe(1);
      expect(storedMessages(chatId, offline2)).toBe(1);
      expect(storedMessages(chatId, one)).toBe(1);
      expect(storedMessages(chatId, two)).toBe(1);
      // In order, as written: the agent's two, and the traveller's two on both sides.
      const order = async (p: Page, a: string, b: string) => {
        const texts = await log(p).locator('li').allInnerTexts();
        return texts.findIndex((t) => t.includes(a)) < texts.findIndex((t) => t.includes(b));
      };
      expect(await order(page, one, two)).toBe(true);
      expect(await order(page, offline, offline2)).toBe(true);
      expect(await order(agent, offline, offline2)).toBe(true);
    } finally {
      await context.close();
    }
  });

  test('a message typed while the browser is offline arrives exactly once when the network returns, with no socket drop (issue 29)', async ({ page, browser }) => {
    test.setTimeout(90_000);
    // Every socket.io websocket of the traveller is counted, and passed through to the server (so the browser's
    // offline mode leaves the open one alone: a blip the socket's ping never notices).
    let socketsOpened = 0;
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      socketsOpened += 1;
      ws.connectToServer();
    });
    const { context, agent } = await openAgent(browser);
    try {
      const hello = unique('Hello before the blip');
      const { chatId } = await startConversation(page, agent, hello);
      await expect(messages(page, hello)).toContainText('Read');
      const opened = socketsOpened;
      expect(opened).toBeGreaterThanOrEqual(1);

      // The network blinks: the browser says it is offline, the socket stays up. The message waits and says so.
      await page.context().setOffline(true);
      const blip = unique('Written in the blip');
      await send(page, blip);
      await expect(messages(page, blip)).toContainText('Will be sent when the connection is back');
      await page.waitForTimeout(3_000);
      expect(storedMessages(chatId, blip)).toBe(0);
      await expect(page.getByRole('status').filter({ hasText: 'No connection' })).toHaveCount(0);

      // Back: it goes by itself at once (it had waited for a socket drop that never came: 30 s and more).
      await page.context().setOffline(false);
      const back = Date.now();
      await expect(messages(page, blip)).toContainText(CONFIRMED, { timeout: 5_000 });
      test.info().annotations.push({ type: 'sent after the network returned', description: `${Date.now() - back} ms` });
      await expect(messages(agent, blip)).toHaveCount(1);
      // A moment for a late duplicate to show; no socket was opened again.
      await page.waitForTimeout(1_500);
      await expect(messages(page, blip)).toHaveCount(1);
      await expect(messages(agent, blip)).toHaveCount(1);
      expect(storedMessages(chatId, blip)).toBe(1);
      expect(socketsOpened).toBe(opened);

      // The send's answer lost on the way back (stored, then the connection failed): tried again by itself with the
      // same client id, shown 'Sent', stored once.
      let lostStatus = 0;
      await page.route('**/crm/api/chat/send-message', async (route) => {
        if (lostStatus) return route.continue();
        lostStatus = (await route.fetch()).status();
        await route.abort('connectionreset');
      });
      // What it says meanwhile is not checked: its own new_message event may confirm it before the lost answer's
      // 'Not sent yet, trying again automatically' shows.
      const unlucky = unique('Its answer got lost');
      await send(page, unlucky);
      await expect(messages(page, unlucky)).toContainText(CONFIRMED, { timeout: 10_000 });
      expect(lostStatus, 'the first send reached the server and was stored, its answer lost').toBe(200);
      await expect(messages(agent, unlucky)).toHaveCount(1);
      await page.waitForTimeout(1_500);
      await expect(messages(page, unlucky)).toHaveCount(1);
      await expect(messages(page, unlucky)).toContainText(CONFIRMED);
      await expect(messages(agent, unlucky)).toHaveCount(1);
      expect(storedMessages(chatId, unlucky)).toBe(1);
      expect(socketsOpened).toBe(opened);
    } finally {
      await context.close();
    }
  });

  test("the header's unread badge changes while the traveller is on another page of the site (issue 29)", async ({ page, browser }) => {
    const { context, agent } = await openAgent(browser);
    try {
      const hello = unique('Hello, a question about visas');
      await startConversation(page, agent, hello);
      await expect(messages(page, hello)).toContainText('Read');

      // Another page, opened afresh: no chat screen, only the header's badge. Its live count connects once the page is
      // interactive.
      const connected = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/') });
      await page.goto('/en/about');
      const chatLink = page.getByRole('banner').getByRole('link', { name: /Live chat/ });
      const badge = chatLink.locator('.lay-chat__badge');
      await expect(chatLink).toBeVisible();
      await connected;
      await expect(badge).toHaveCount(0);

      // The coordinator replies twice while the traveller reads: the badge counts them, no reload.
      const one = unique('We can help with the visa.');
      await send(agent, one);
      await expect(badge).toHaveText('1');
      const two = unique('Please send the passport scan.');
      await send(agent, two);
      await expect(badge).toHaveText('2');
      await expect(chatLink).toHaveAccessibleName('Live chat 2');

      // Opening the chat reads them: the badge goes.
      await chatLink.click();
      await expect(messages(page, two)).toHaveCount(1);
      await expect(badge).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('a frozen chat: the traveller sees the reason and cannot write; reopened, they can', async ({ page, browser }) => {
    const { context, agent } = await openAgent(browser);
    try {
      await startConversation(page, agent, unique('Can I pay in cash?'));
      const reason = 'The request was handed over to the organizer.';
      await agent.getByRole('textbox', { name: 'Reason (shown to the traveller)' }).fill(reason);
      await agent.getByRole('button', { name: 'Freeze', exact: true }).click();
      await expect(agent.getByText(`The chat is frozen: ${reason}`)).toBeVisible();

      await expect(page.getByRole('status').filter({ hasText: `This chat is closed for new messages: ${reason}` })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Chats' })).toContainText('Closed');

      // Reopened: the traveller may write again, without reloading.
      await agent.getByRole('button', { name: 'Unfreeze' }).click();
      await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toBeVisible();
      const again = unique('Thanks for reopening');
      await send(page, again);
      await expect(messages(agent, again)).toHaveCount(1);
    } finally {
      await context.close();
    }
  });

  test('axe clean on the chat and the agent console; the chat usable at 320 px', async ({ page, browser }) => {
    const { context, agent } = await openAgent(browser, true);
    try {
      await startConversation(page, agent, unique('Hello from a small phone'));
      // Text, never HTML; a link stays a safe link.
      const reply = unique('Hello! <b>How</b> can I help? https://example.com/help');
      await send(agent, reply);
      await expect(messages(page, reply)).toHaveCount(1);
      await expect(messages(page, reply).locator('b')).toHaveCount(0);
      await expect(messages(page, reply).getByRole('link', { name: 'https://example.com/help' })).toHaveAttribute('rel', /noopener/);

      expect(await axeViolations(page)).toEqual([]);
      expect(await axeViolations(agent)).toEqual([]);

      // A 4,000-character word (issue 28: it had stretched the console past the screen) wraps on both sides.
      const tag = unique('W').replace(/\W/g, '');
      const word = `${tag}${'W'.repeat(4000 - tag.length)}`;
      await send(page, word);
      await expect(messages(agent, word)).toHaveCount(1);
      for (const [who, p] of [['console', agent], ['traveller', page]] as const) {
        const layout = await p.evaluate(() => {
          const width = document.documentElement.clientWidth;
          const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > width + 1);
          return { overflow: document.documentElement.scrollWidth - width, wide: wide.slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${e.className}`).join(', ') };
        });
        expect(layout.overflow, `${who} wider than the screen: ${layout.wide}`).toBeLessThanOrEqual(0);
      }

      await page.setViewportSize({ width: 320, height: 640 });
      await page.reload();
      await expect(messages(page, reply)).toHaveCount(1);
      // No horizontal scrolling (the long message's preview in the chat list included); the culprits named if any.
      const layout = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const wide = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > width + 1);
        return { overflow: document.documentElement.scrollWidth - width, wide: wide.slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${e.className}`).join(', ') };
      });
      expect(layout.overflow, `wider than 320 px: ${layout.wide}`).toBeLessThanOrEqual(0);
      // The keyboard path: Enter sends, and the composer keeps the focus for the next message.
      const small = unique('Sent at 320 px');
      const composer = page.getByRole('textbox', { name: 'Message', exact: true });
      await composer.fill(small);
      await composer.press('Enter');
      await expect(composer).toHaveValue('');
      await expect(composer).toBeFocused();
      await expect(messages(page, small)).toContainText('Read');
      await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeInViewport();
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
