/**
 * The texts of the messages the service sends, in the four locales of the API (one table, so a wording is changed
 * in one place). E-mails get a subject, a text and an HTML version of it; SMS and messengers the short text.
 */
import type { CodeSender } from '@tours/shared/src/api/schemas/accounts';
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import { buildHref } from '@tours/shared/src/routing/match';

export type MessageKind = 'sign_in_code' | 'confirmation_code' | 'password_reset';

interface Texts {
  subject: string;
  /** The e-mail's text; `{link}` lines are left out when there is no link. */
  text: string;
  /** SMS and messengers. */
  short: string;
}

const TEXTS: Record<MessageKind, Record<ApiLocale, Texts>> = {
  sign_in_code: {
    en: {
      subject: 'Your sign-in code',
      text: 'Your code to sign in: {code}\nIt works for {minutes} minutes.\n\nOr sign in with this link: {link}\n\nIf you did not ask for it, ignore this message.',
      short: '{code} is your sign-in code. It works for {minutes} minutes.',
    },
    cn: {
      subject: '您的登录验证码',
      text: '您的登录验证码：{code}\n{minutes} 分钟内有效。\n\n也可以通过此链接登录：{link}\n\n如果这不是您本人的操作，请忽略此邮件。',
      short: '您的登录验证码是 {code}，{minutes} 分钟内有效。',
    },
    de: {
      subject: 'Ihr Anmeldecode',
      text: 'Ihr Code zur Anmeldung: {code}\nEr gilt {minutes} Minuten.\n\nOder melden Sie sich mit diesem Link an: {link}\n\nWenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht.',
      short: '{code} ist Ihr Anmeldecode. Er gilt {minutes} Minuten.',
    },
    ru: {
      subject: 'Код для входа',
      text: 'Ваш код для входа: {code}\nОн действует {minutes} минут.\n\nИли войдите по ссылке: {link}\n\nЕсли вы не запрашивали код, просто проигнорируйте это письмо.',
      short: '{code} — ваш код для входа. Действует {minutes} минут.',
    },
  },
  confirmation_code: {
    en: {
      subject: 'Confirm your e-mail address',
      text: 'Your confirmation code: {code}\nIt works for {minutes} minutes.\n\nOr confirm with this link: {link}\n\nIf you did not ask for it, ignore this message.',
      short: '{code} is your code to confirm this phone number. It works for {minutes} minutes.',
    },
    cn: {
      subject: '确认您的电子邮箱',
      text: '您的确认码：{code}\n{minutes} 分钟内有效。\n\n也可以通过此链接确认：{link}\n\n如果这不是您本人的操作，请忽略此邮件。',
      short: '您用于确认此手机号码的验证码是 {code}，{minutes} 分钟内有效。',
    },
    de: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      text: 'Ihr Bestätigungscode: {code}\nEr gilt {minutes} Minuten.\n\nOder bestätigen Sie mit diesem Link: {link}\n\nWenn Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht.',
      short: '{code} ist Ihr Code zur Bestätigung dieser Telefonnummer. Er gilt {minutes} Minuten.',
    },
    ru: {
      subject: 'Подтвердите адрес электронной почты',
      text: 'Ваш код подтверждения: {code}\nОн действует {minutes} минут.\n\nИли подтвердите по ссылке: {link}\n\nЕсли вы не запрашивали код, просто проигнорируйте это письмо.',
      short: '{code} — код для подтверждения этого номера. Действует {minutes} минут.',
    },
  },
  password_reset: {
    en: {
      subject: 'Reset your password',
      text: 'To choose a new password, open this link within {minutes} minutes:\n{link}\n\nIf you did not ask for it, ignore this message: your password stays as it is.',
      short: 'Reset your password within {minutes} minutes: {link}',
    },
    cn: {
      subject: '重置您的密码',
      text: '请在 {minutes} 分钟内打开此链接设置新密码：\n{link}\n\n如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
      short: '请在 {minutes} 分钟内重置密码：{link}',
    },
    de: {
      subject: 'Passwort zurücksetzen',
      text: 'Um ein neues Passwort zu wählen, öffnen Sie diesen Link innerhalb von {minutes} Minuten:\n{link}\n\nWenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.',
      short: 'Setzen Sie Ihr Passwort innerhalb von {minutes} Minuten zurück: {link}',
    },
    ru: {
      subject: 'Сброс пароля',
      text: 'Чтобы задать новый пароль, откройте ссылку в течение {minutes} минут:\n{link}\n\nЕсли вы не запрашивали сброс, просто проигнорируйте это письмо: пароль останется прежним.',
      short: 'Сбросьте пароль в течение {minutes} минут: {link}',
    },
  },
};

export interface MessageValues {
  code?: string;
  link?: string;
  minutes: number;
}

export interface ComposedMessage {
  subject: string;
  text: string;
  html: string | null;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function fill(template: string, values: MessageValues): string {
  // A text without a link drops the line (or sentence) that would show it.
  const lines = values.link ? template : template.split('\n').filter((line) => !line.includes('{link}')).join('\n').replace(/\n{3,}/g, '\n\n');
  return lines.replace(/\{(code|link|minutes)\}/g, (_, key: keyof MessageValues) => String(values[key] ?? ''));
}

/** HTML of a message text: escaped, paragraphs and line breaks kept, links clickable. */
function htmlOf(text: string): string {
  const body = text.split('\n\n').map((paragraph) => {
    const html = escapeHtml(paragraph).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`).replace(/\n/g, '<br>');
    return `<p>${html}</p>`;
  }).join('\n');
  return `<!doctype html>\n<html><body>\n${body}\n</body></html>`;
}

export function composeMessage(kind: MessageKind, locale: ApiLocale, channel: CodeSender, values: MessageValues): ComposedMessage {
  const texts = TEXTS[kind][locale];
  if (channel !== 'email') return { subject: '', text: fill(texts.short, values), html: null };
  const text = fill(texts.text, values);
  return { subject: texts.subject, text, html: htmlOf(text) };
}

/**
 * A link of a message: the account page of the traveller's locale with the token in the query
 * (`?one_time_token=`, `?password_reset_token=`, `?confirm_email_token=`), on SITE_ORIGIN (never a request's host).
 */
export function accountLink(siteOrigin: string, locale: ApiLocale, query: Record<string, string>): string {
  return `${siteOrigin}${buildHref('account', {}, locale, query)}`;
}
