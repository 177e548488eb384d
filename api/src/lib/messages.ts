/**
 * The texts of the messages the service sends, in the four locales of the API (one table, so a wording is changed
 * in one place). E-mails get a subject, a text and an HTML version of it; SMS and messengers the short text.
 */
import type { CodeSender } from '@tours/shared/src/api/schemas/accounts';
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import { buildHref } from '@tours/shared/src/routing/match';

/** codes_refused: the one notice a day to a login whose codes hit the send caps (lib/one-time-codes.ts). */
export type MessageKind = 'sign_in_code' | 'confirmation_code' | 'password_reset' | 'codes_refused';

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
  codes_refused: {
    en: {
      subject: 'Codes were requested for your address',
      text: 'Someone has asked for many codes to this address in a short time, so we have stopped sending them for now.\n\nIf it was you, wait a while, or sign in from a device you have signed in from before.\n\nIf it was not you, you can ignore this message: nobody can sign in without a code sent here. Never tell anyone such a code; we never ask for it.',
      short: 'Many codes were requested for this number, so we paused sending them. If it was not you, ignore this: nobody can sign in without the code. Never share a code.',
    },
    cn: {
      subject: '有人为您的地址请求了验证码',
      text: '有人在短时间内为此地址请求了多个验证码，因此我们暂时停止发送。\n\n如果是您本人，请稍后再试，或在您之前登录过的设备上登录。\n\n如果不是您本人，请忽略此邮件：没有发送到这里的验证码，任何人都无法登录。切勿将验证码告诉任何人，我们绝不会向您索取。',
      short: '有人为此号码请求了多个验证码，我们已暂停发送。如果不是您本人，请忽略：没有验证码任何人都无法登录。切勿泄露验证码。',
    },
    de: {
      subject: 'Für Ihre Adresse wurden Codes angefordert',
      text: 'Jemand hat in kurzer Zeit viele Codes für diese Adresse angefordert. Wir senden deshalb vorerst keine weiteren.\n\nWaren Sie es, warten Sie etwas oder melden Sie sich auf einem Gerät an, auf dem Sie schon angemeldet waren.\n\nWaren Sie es nicht, können Sie diese Nachricht ignorieren: Ohne einen hierher gesendeten Code kann sich niemand anmelden. Geben Sie einen solchen Code nie weiter; wir fragen nie danach.',
      short: 'Für diese Nummer wurden viele Codes angefordert; wir senden vorerst keine weiteren. Waren Sie es nicht, ignorieren Sie dies: Ohne den Code kann sich niemand anmelden. Geben Sie Codes nie weiter.',
    },
    ru: {
      subject: 'Для вашего адреса запрашивали коды',
      text: 'Кто-то за короткое время запросил много кодов для этого адреса, поэтому мы пока перестали их отправлять.\n\nЕсли это были вы, подождите немного или войдите с устройства, с которого уже входили.\n\nЕсли это были не вы, просто проигнорируйте это письмо: без кода, отправленного сюда, войти никто не сможет. Никому не сообщайте такие коды — мы их никогда не спрашиваем.',
      short: 'Для этого номера запросили много кодов, и мы приостановили их отправку. Если это были не вы, ничего не делайте: без кода войти нельзя. Никому не сообщайте коды.',
    },
  },
};

/**
 * Refusals the sign-in screens show as they come (a field's or a toast's text), in the locale of X-Language: the
 * send caps of a login and the password lock (issue 28). `{wait}` is how long until a try is taken again.
 */
export type RefusalKind = 'codes_capped' | 'password_locked' | 'staff_password_locked';

const REFUSALS: Record<RefusalKind, Record<ApiLocale, string>> = {
  codes_capped: {
    en: 'Too many codes have been sent to this e-mail address or phone number. Please try again in {wait}.',
    cn: '发送到此邮箱或手机号码的验证码过多，请在 {wait} 后重试。',
    de: 'An diese E-Mail-Adresse oder Telefonnummer wurden zu viele Codes gesendet. Bitte versuchen Sie es in {wait} erneut.',
    ru: 'На этот адрес или номер отправлено слишком много кодов. Попробуйте снова через {wait}.',
  },
  password_locked: {
    en: 'Too many wrong passwords. Please try again in {wait}, sign in with a one-time code, or use a device you have signed in from before.',
    cn: '密码错误次数过多。请在 {wait} 后重试，或使用一次性验证码登录，或在您之前登录过的设备上登录。',
    de: 'Zu viele falsche Passwörter. Bitte versuchen Sie es in {wait} erneut, melden Sie sich mit einem Einmalcode an oder nutzen Sie ein Gerät, auf dem Sie schon angemeldet waren.',
    ru: 'Слишком много неверных паролей. Попробуйте снова через {wait}, войдите по одноразовому коду или с устройства, с которого уже входили.',
  },
  staff_password_locked: {
    en: 'Too many wrong passwords. Please try again in {wait}, or sign in from a device you have signed in from before.',
    cn: '密码错误次数过多。请在 {wait} 后重试，或在您之前登录过的设备上登录。',
    de: 'Zu viele falsche Passwörter. Bitte versuchen Sie es in {wait} erneut oder melden Sie sich auf einem Gerät an, auf dem Sie schon angemeldet waren.',
    ru: 'Слишком много неверных паролей. Попробуйте снова через {wait} или войдите с устройства, с которого уже входили.',
  },
};

/** Unit words by CLDR plural category (ru: the accusative after 'через'). */
const UNITS: Record<'minute' | 'hour', Record<ApiLocale, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>> = {
  minute: {
    en: { one: 'minute', other: 'minutes' },
    cn: { other: '分钟' },
    de: { one: 'Minute', other: 'Minuten' },
    ru: { one: 'минуту', few: 'минуты', many: 'минут', other: 'минуты' },
  },
  hour: {
    en: { one: 'hour', other: 'hours' },
    cn: { other: '小时' },
    de: { one: 'Stunde', other: 'Stunden' },
    ru: { one: 'час', few: 'часа', many: 'часов', other: 'часа' },
  },
};

/** A wait as a person says it: minutes (rounded up, at least 1), or hours past 90 minutes. */
export function waitText(ms: number, locale: ApiLocale): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const [n, unit] = minutes > 90 ? [Math.ceil(minutes / 60), 'hour' as const] : [minutes, 'minute' as const];
  const words = UNITS[unit][locale];
  const word = words[new Intl.PluralRules(locale === 'cn' ? 'zh' : locale).select(n)] ?? words.other;
  return `${n} ${word}`;
}

export function refusalText(kind: RefusalKind, locale: ApiLocale, waitMs: number): string {
  return REFUSALS[kind][locale].replace('{wait}', waitText(waitMs, locale));
}

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

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
