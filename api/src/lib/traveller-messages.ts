/**
 * The messages a traveller gets about their booking and account (issue 29), in the four locales of the API: the
 * request received (with the booking's link), confirmed (the invoice and a link to pay it), the payment receipt, the
 * cancellation (what was paid and what happens to it), and the notice to the old address when the account's e-mail
 * changes. lib/messages.ts has the sign-in ones; these carry facts of a booking, so each locale's texts are functions
 * of them (plurals, amounts, optional lines) rather than templates.
 *
 * One document per message (pure: table-tested), rendered as an e-mail's text part, its HTML (a heading, paragraphs,
 * a table of the facts with row headers, one link with words that say where it goes; `lang` set, no styles or images
 * a mail client might drop) and an SMS text with the link.
 */
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import type { PaymentKind, PaymentMethod } from '@tours/shared/src/api/schemas/payments';
import type { CancellationOutcome } from '@tours/shared/src/domain/cancellation';
import { formatPrice } from '@tours/shared/src/domain/price';
import { escapeHtml } from './messages';

/** What every booking message says about the request. */
export interface RequestFacts {
  id: number;
  /** The traveller's name as given with the request (null: none). */
  name: string | null;
  tour: string | null;
  /** YYYY-MM-DD. */
  start: string | null;
  end: string | null;
  /** 'HH:MM' (an excursion's start). */
  time: string | null;
  adults: number;
  children: number;
  /** The booking's page: the arrival link, whose uuid is the key to it. */
  link: string;
}

interface ConfirmedFacts extends RequestFacts {
  agreement: string;
  total: number;
  currency: string;
  invoice: { id: number; kind: PaymentKind; amount: number };
}

interface ReceiptFacts extends RequestFacts {
  paymentId: number;
  amount: number;
  currency: string;
  /** ISO instant. */
  paidAt: string;
  kind: PaymentKind;
  method: PaymentMethod | null;
  agreement: string | null;
  /** The agreement's total and everything paid on it so far (this payment included). */
  total: number | null;
  paidInAll: number;
}

interface CancelledFacts extends RequestFacts {
  /** The traveller's reason, as they wrote it. */
  message: string | null;
  currency: string;
  outcome: CancellationOutcome;
  /** The words of the tier's period ('8–14 days before the start'; lib/penalty-period.ts), when one applies. */
  period: string | null;
}

interface EmailChangedFacts {
  name: string | null;
  /** The new address, masked ('a***a@example.com'). */
  newAddress: string;
  /** ISO instant of the change. */
  at: string;
  /** The site's contacts page. */
  contactsLink: string;
}

export type TravellerMessage =
  | { kind: 'request_received'; facts: RequestFacts }
  | { kind: 'request_confirmed'; facts: ConfirmedFacts }
  | { kind: 'payment_receipt'; facts: ReceiptFacts }
  | { kind: 'request_cancelled'; facts: CancelledFacts }
  | { kind: 'email_changed'; facts: EmailChangedFacts };

/** A message before it is rendered for its channel. */
export interface MessageDocument {
  locale: ApiLocale;
  subject: string;
  heading: string;
  greeting: string | null;
  intro: string[];
  facts: [label: string, value: string][];
  action: { label: string; url: string } | null;
  outro: string[];
  /** The SMS text (with the link). */
  short: string;
}

// ---------------------------------------------------------------------------------------------------------------------
// Words of each locale
// ---------------------------------------------------------------------------------------------------------------------

type Label =
  | 'request' | 'tour' | 'dates' | 'time' | 'party' | 'status' | 'agreement' | 'total' | 'invoice' | 'due' | 'paid' | 'paidOn' | 'payment' | 'method'
  | 'paidInAll' | 'balance' | 'retained' | 'refund' | 'newAddress' | 'changedOn';

interface Money {
  paid: string;
  retained: string;
  refund: string;
}

interface Catalogue {
  /** BCP 47 tag for Intl and the HTML's lang. */
  tag: string;
  site: string;
  number: (id: number) => string;
  labels: Record<Label, string>;
  kinds: Record<PaymentKind, string>;
  methods: Record<PaymentMethod, string>;
  party: (adults: number, children: number) => string;
  greeting: (name: string) => string;
  open: string;
  received: { subject: (n: string, tour: string | null) => string; heading: (n: string) => string; intro: string[]; status: string; outro: string[]; short: (n: string, link: string) => string };
  confirmed: {
    subject: (n: string) => string; heading: (n: string) => string; intro: (agreement: string) => string;
    pay: (amount: string, kind: PaymentKind, percent: number | null, total: string) => string; action: (amount: string) => string; outro: string[];
    short: (n: string, amount: string, link: string) => string;
  };
  receipt: { subject: (n: string, amount: string) => string; heading: string; intro: (n: string) => string; outro: string[]; short: (n: string, amount: string, link: string) => string };
  cancelled: {
    subject: (n: string) => string; heading: (n: string) => string; intro: string; reason: (message: string) => string;
    nothing: string; full: (m: Money) => string; part: (m: Money, period: string, percent: number) => string; all: (m: Money, period: string) => string;
    unknown: (m: Money) => string; outro: string[];
    shortNothing: string; shortRefund: (m: Money) => string; shortUnknown: (m: Money) => string; short: (n: string, money: string, link: string) => string;
  };
  emailChanged: { subject: string; intro: (address: string, date: string) => string[]; action: string };
}

/** Plural forms by CLDR category (`other` required). */
type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
function plural(tag: string, n: number, forms: Forms): string {
  return forms[new Intl.PluralRules(tag).select(n)] ?? forms.other;
}

/** 'За 8–14 дн. до начала' inside a sentence. */
const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

const EN: Catalogue = {
  tag: 'en-GB',
  site: 'Tours of Russia',
  number: (id) => `#${id}`,
  labels: {
    request: 'Request', tour: 'Tour', dates: 'Dates', time: 'Start time', party: 'Travellers', status: 'Status', agreement: 'Travel agreement',
    total: 'Total', invoice: 'Invoice', due: 'To pay now', paid: 'Paid', paidOn: 'Paid on', payment: 'Payment', method: 'Method', paidInAll: 'Paid in all',
    balance: 'Left to pay', retained: 'Retained', refund: 'To be refunded', newAddress: 'New address', changedOn: 'Changed on',
  },
  kinds: { prepayment: 'Prepayment', payment: 'Payment', full: 'Full payment' },
  methods: { card: 'Bank card', sbp: 'Fast bank transfer (SBP)' },
  party: (a, c) => [`${a} ${plural('en', a, { one: 'adult', other: 'adults' })}`, c ? `${c} ${plural('en', c, { one: 'child', other: 'children' })}` : ''].filter(Boolean).join(', '),
  greeting: (name) => `Hello ${name},`,
  open: 'Open your booking',
  received: {
    subject: (n, tour) => `Request ${n} received${tour ? `: ${tour}` : ''}`,
    heading: (n) => `We have received your request ${n}`,
    intro: ['Thank you! A travel expert will check the dates and seats and confirm your booking. Nothing is charged until it is confirmed.'],
    status: 'Awaiting confirmation',
    outro: [
      'On your booking’s page you can add the tourists’ details, pay once the booking is confirmed, cancel it and chat with the travel expert. Keep this message: its link is the key to your booking.',
      'If you did not send this request, ignore this message.',
    ],
    short: (n, link) => `Request ${n} received. Your booking (tourists, payment, cancellation): ${link}`,
  },
  confirmed: {
    subject: (n) => `Your booking ${n} is confirmed: invoice to pay`,
    heading: (n) => `Your booking ${n} is confirmed`,
    intro: (agreement) => `A travel expert has confirmed your booking and made travel agreement ${agreement}.`,
    pay: (amount, kind, percent, total) => (kind === 'prepayment'
      ? `To secure your seats, please pay the prepayment of ${amount}${percent ? ` (${percent}% of ${total})` : ''}; the rest is paid later.`
      : `To secure your seats, please pay the invoice of ${amount}.`),
    action: (amount) => `Pay ${amount}`,
    outro: ['The link opens your booking’s page, where Pay takes you to the secure payment page.'],
    short: (n, amount, link) => `Booking ${n} confirmed. Pay ${amount}: ${link}`,
  },
  receipt: {
    subject: (n, amount) => `Payment received for booking ${n}: ${amount}`,
    heading: 'Thank you: your payment has been received',
    intro: (n) => `This is the receipt of your payment for booking ${n}.`,
    outro: ['Keep this message as the confirmation of your payment.'],
    short: (n, amount, link) => `Payment of ${amount} received for booking ${n}. ${link}`,
  },
  cancelled: {
    subject: (n) => `Your request ${n} has been cancelled`,
    heading: (n) => `Your request ${n} has been cancelled`,
    intro: 'Your request has been cancelled as you asked.',
    reason: (message) => `Your message: “${message}”`,
    nothing: 'Nothing was paid for this booking, so nothing is charged.',
    full: (m) => `You paid ${m.paid}. Under the tour’s cancellation terms nothing is retained now: the whole amount will be refunded to the way you paid.`,
    part: (m, period, percent) => `You paid ${m.paid}. The tour’s cancellation terms retain ${percent}% of the amount paid for a cancellation ${period}: ${m.retained} is retained and ${m.refund} will be refunded to the way you paid.`,
    all: (m, period) => `You paid ${m.paid}. The tour’s cancellation terms retain the whole amount paid for a cancellation ${period}: nothing is refunded.`,
    unknown: (m) => `You paid ${m.paid}. What is retained follows the tour’s cancellation terms; the travel expert will write to you about the refund.`,
    outro: ['If this was a mistake, send a new request or write to us in the chat.'],
    shortNothing: 'Nothing was paid.',
    shortRefund: (m) => `Refund: ${m.refund}.`,
    shortUnknown: (m) => `Paid: ${m.paid}; the refund follows the tour’s terms.`,
    short: (n, money, link) => `Request ${n} cancelled. ${money} ${link}`,
  },
  emailChanged: {
    subject: 'The e-mail address of your account has been changed',
    intro: (address, date) => [
      `The e-mail address of your account was changed from this address to ${address} on ${date}. Sign-in codes and messages about your bookings now go to the new address.`,
      'If you made this change, there is nothing to do.',
      'If you did not, someone else may be using your account. Sign in with your phone number or password, change the address back under Account settings, and write to us so that we can help.',
    ],
    action: 'Contact us',
  },
};

const DE: Catalogue = {
  tag: 'de-DE',
  site: 'Russland-Touren',
  number: (id) => `Nr. ${id}`,
  labels: {
    request: 'Anfrage', tour: 'Tour', dates: 'Termin', time: 'Startzeit', party: 'Reisende', status: 'Status', agreement: 'Reisevertrag', total: 'Gesamtpreis',
    invoice: 'Rechnung', due: 'Jetzt zu zahlen', paid: 'Bezahlt', paidOn: 'Bezahlt am', payment: 'Zahlung', method: 'Zahlungsart', paidInAll: 'Insgesamt bezahlt',
    balance: 'Noch offen', retained: 'Einbehalten', refund: 'Wird erstattet', newAddress: 'Neue Adresse', changedOn: 'Geändert am',
  },
  kinds: { prepayment: 'Anzahlung', payment: 'Zahlung', full: 'Vollzahlung' },
  methods: { card: 'Bankkarte', sbp: 'Schnellüberweisung (SBP)' },
  party: (a, c) => [`${a} ${plural('de', a, { one: 'Erwachsener', other: 'Erwachsene' })}`, c ? `${c} ${plural('de', c, { one: 'Kind', other: 'Kinder' })}` : ''].filter(Boolean).join(', '),
  greeting: (name) => `Guten Tag ${name},`,
  open: 'Ihre Buchung öffnen',
  received: {
    subject: (n, tour) => `Anfrage ${n} eingegangen${tour ? `: ${tour}` : ''}`,
    heading: (n) => `Wir haben Ihre Anfrage ${n} erhalten`,
    intro: ['Vielen Dank! Ein Reiseexperte prüft Termin und Plätze und bestätigt Ihre Buchung. Bis zur Bestätigung wird nichts berechnet.'],
    status: 'Wartet auf Bestätigung',
    outro: [
      'Auf der Seite Ihrer Buchung können Sie die Daten der Reisenden eintragen, nach der Bestätigung bezahlen, die Buchung stornieren und mit dem Reiseexperten chatten. Bewahren Sie diese Nachricht auf: Ihr Link ist der Schlüssel zu Ihrer Buchung.',
      'Wenn Sie diese Anfrage nicht gesendet haben, ignorieren Sie diese Nachricht.',
    ],
    short: (n, link) => `Anfrage ${n} eingegangen. Ihre Buchung (Reisende, Zahlung, Stornierung): ${link}`,
  },
  confirmed: {
    subject: (n) => `Ihre Buchung ${n} ist bestätigt: Rechnung zu bezahlen`,
    heading: (n) => `Ihre Buchung ${n} ist bestätigt`,
    intro: (agreement) => `Ein Reiseexperte hat Ihre Buchung bestätigt und den Reisevertrag ${agreement} erstellt.`,
    pay: (amount, kind, percent, total) => (kind === 'prepayment'
      ? `Um Ihre Plätze zu sichern, bezahlen Sie bitte die Anzahlung von ${amount}${percent ? ` (${percent} % von ${total})` : ''}; der Rest wird später bezahlt.`
      : `Um Ihre Plätze zu sichern, bezahlen Sie bitte die Rechnung über ${amount}.`),
    action: (amount) => `${amount} bezahlen`,
    outro: ['Der Link öffnet die Seite Ihrer Buchung; dort führt „Bezahlen“ zur sicheren Zahlungsseite.'],
    short: (n, amount, link) => `Buchung ${n} bestätigt. Bezahlen Sie ${amount}: ${link}`,
  },
  receipt: {
    subject: (n, amount) => `Zahlung für Buchung ${n} erhalten: ${amount}`,
    heading: 'Vielen Dank: Ihre Zahlung ist eingegangen',
    intro: (n) => `Dies ist der Beleg Ihrer Zahlung für die Buchung ${n}.`,
    outro: ['Bewahren Sie diese Nachricht als Bestätigung Ihrer Zahlung auf.'],
    short: (n, amount, link) => `Zahlung von ${amount} für Buchung ${n} erhalten. ${link}`,
  },
  cancelled: {
    subject: (n) => `Ihre Anfrage ${n} wurde storniert`,
    heading: (n) => `Ihre Anfrage ${n} wurde storniert`,
    intro: 'Ihre Anfrage wurde wie gewünscht storniert.',
    reason: (message) => `Ihre Nachricht: „${message}“`,
    nothing: 'Für diese Buchung wurde nichts bezahlt, daher wird nichts berechnet.',
    full: (m) => `Sie haben ${m.paid} bezahlt. Nach den Stornobedingungen der Tour wird jetzt nichts einbehalten: Der gesamte Betrag wird auf dem Zahlungsweg erstattet.`,
    part: (m, period, percent) => `Sie haben ${m.paid} bezahlt. Nach den Stornobedingungen der Tour werden bei einer Stornierung ${period} ${percent} % des bezahlten Betrags einbehalten: ${m.retained} werden einbehalten, ${m.refund} werden auf dem Zahlungsweg erstattet.`,
    all: (m, period) => `Sie haben ${m.paid} bezahlt. Nach den Stornobedingungen der Tour wird bei einer Stornierung ${period} der gesamte bezahlte Betrag einbehalten; es wird nichts erstattet.`,
    unknown: (m) => `Sie haben ${m.paid} bezahlt. Was einbehalten wird, richtet sich nach den Stornobedingungen der Tour; der Reiseexperte schreibt Ihnen zur Erstattung.`,
    outro: ['Falls dies ein Versehen war, senden Sie eine neue Anfrage oder schreiben Sie uns im Chat.'],
    shortNothing: 'Es wurde nichts bezahlt.',
    shortRefund: (m) => `Erstattung: ${m.refund}.`,
    shortUnknown: (m) => `Bezahlt: ${m.paid}; Erstattung nach den Bedingungen der Tour.`,
    short: (n, money, link) => `Anfrage ${n} storniert. ${money} ${link}`,
  },
  emailChanged: {
    subject: 'Die E-Mail-Adresse Ihres Kontos wurde geändert',
    intro: (address, date) => [
      `Die E-Mail-Adresse Ihres Kontos wurde am ${date} von dieser Adresse auf ${address} geändert. Anmeldecodes und Nachrichten zu Ihren Buchungen gehen jetzt an die neue Adresse.`,
      'Wenn Sie das selbst waren, müssen Sie nichts tun.',
      'Wenn nicht, nutzt vielleicht jemand anderes Ihr Konto. Melden Sie sich mit Ihrer Telefonnummer oder Ihrem Passwort an, ändern Sie die Adresse unter „Kontoeinstellungen“ zurück und schreiben Sie uns, damit wir helfen können.',
    ],
    action: 'Kontakt aufnehmen',
  },
};

const RU: Catalogue = {
  tag: 'ru-RU',
  site: 'Туры по России',
  number: (id) => `№${id}`,
  labels: {
    request: 'Заявка', tour: 'Тур', dates: 'Даты', time: 'Время начала', party: 'Путешественники', status: 'Статус', agreement: 'Договор', total: 'Стоимость',
    invoice: 'Счёт', due: 'К оплате сейчас', paid: 'Оплачено', paidOn: 'Дата оплаты', payment: 'Платёж', method: 'Способ оплаты', paidInAll: 'Всего оплачено',
    balance: 'Осталось оплатить', retained: 'Удерживается', refund: 'К возврату', newAddress: 'Новый адрес', changedOn: 'Дата изменения',
  },
  kinds: { prepayment: 'Предоплата', payment: 'Оплата', full: 'Полная оплата' },
  methods: { card: 'Банковская карта', sbp: 'Система быстрых платежей (СБП)' },
  party: (a, c) => [
    `${a} ${plural('ru', a, { one: 'взрослый', few: 'взрослых', many: 'взрослых', other: 'взрослого' })}`,
    c ? `${c} ${plural('ru', c, { one: 'ребёнок', few: 'ребёнка', many: 'детей', other: 'ребёнка' })}` : '',
  ].filter(Boolean).join(', '),
  greeting: (name) => `Здравствуйте, ${name}!`,
  open: 'Открыть бронирование',
  received: {
    subject: (n, tour) => `Заявка ${n} получена${tour ? `: ${tour}` : ''}`,
    heading: (n) => `Мы получили вашу заявку ${n}`,
    intro: ['Спасибо! Тревел-эксперт проверит даты и наличие мест и подтвердит бронирование. До подтверждения платить ничего не нужно.'],
    status: 'Ожидает подтверждения',
    outro: [
      'На странице бронирования можно внести данные туристов, оплатить бронирование после подтверждения, отменить его и написать тревел-эксперту в чат. Сохраните это письмо: ссылка в нём — ключ к вашему бронированию.',
      'Если вы не отправляли эту заявку, просто проигнорируйте это письмо.',
    ],
    short: (n, link) => `Заявка ${n} получена. Ваше бронирование (туристы, оплата, отмена): ${link}`,
  },
  confirmed: {
    subject: (n) => `Бронирование ${n} подтверждено: счёт к оплате`,
    heading: (n) => `Ваше бронирование ${n} подтверждено`,
    intro: (agreement) => `Тревел-эксперт подтвердил бронирование и оформил договор ${agreement}.`,
    pay: (amount, kind, percent, total) => (kind === 'prepayment'
      ? `Чтобы закрепить места, внесите предоплату ${amount}${percent ? ` (${percent}% от ${total})` : ''}; остаток оплачивается позже.`
      : `Чтобы закрепить места, оплатите счёт на ${amount}.`),
    action: (amount) => `Оплатить ${amount}`,
    outro: ['Ссылка открывает страницу бронирования, где кнопка «Оплатить» ведёт на защищённую страницу оплаты.'],
    short: (n, amount, link) => `Бронирование ${n} подтверждено. Оплатите ${amount}: ${link}`,
  },
  receipt: {
    subject: (n, amount) => `Оплата по бронированию ${n} получена: ${amount}`,
    heading: 'Спасибо, ваш платёж получен',
    intro: (n) => `Это квитанция об оплате бронирования ${n}.`,
    outro: ['Сохраните это письмо как подтверждение оплаты.'],
    short: (n, amount, link) => `Платёж ${amount} по бронированию ${n} получен. ${link}`,
  },
  cancelled: {
    subject: (n) => `Заявка ${n} отменена`,
    heading: (n) => `Ваша заявка ${n} отменена`,
    intro: 'Заявка отменена, как вы просили.',
    reason: (message) => `Ваше сообщение: «${message}»`,
    nothing: 'По этому бронированию ничего не оплачено, поэтому ничего не удерживается.',
    full: (m) => `Вы оплатили ${m.paid}. По условиям отмены тура сейчас ничего не удерживается: вся сумма будет возвращена тем же способом, которым вы платили.`,
    part: (m, period, percent) => `Вы оплатили ${m.paid}. По условиям отмены тура при отмене ${lowerFirst(period)} удерживается ${percent}% оплаченной суммы: удерживается ${m.retained}, ${m.refund} будет возвращено тем же способом, которым вы платили.`,
    all: (m, period) => `Вы оплатили ${m.paid}. По условиям отмены тура при отмене ${lowerFirst(period)} удерживается вся оплаченная сумма; возврата нет.`,
    unknown: (m) => `Вы оплатили ${m.paid}. Удержание определяется условиями отмены тура; тревел-эксперт напишет вам о возврате.`,
    outro: ['Если это ошибка, отправьте новую заявку или напишите нам в чат.'],
    shortNothing: 'Оплат не было.',
    shortRefund: (m) => `К возврату: ${m.refund}.`,
    shortUnknown: (m) => `Оплачено: ${m.paid}; возврат по условиям тура.`,
    short: (n, money, link) => `Заявка ${n} отменена. ${money} ${link}`,
  },
  emailChanged: {
    subject: 'Адрес электронной почты вашего аккаунта изменён',
    intro: (address, date) => [
      `${date} адрес электронной почты вашего аккаунта изменён с этого адреса на ${address}. Коды для входа и письма о бронированиях теперь приходят на новый адрес.`,
      'Если это сделали вы, ничего делать не нужно.',
      'Если нет, возможно, вашим аккаунтом пользуется кто-то другой. Войдите по номеру телефона или паролю, верните прежний адрес в настройках профиля и напишите нам — мы поможем.',
    ],
    action: 'Связаться с нами',
  },
};

const CN: Catalogue = {
  tag: 'zh-CN',
  site: '俄罗斯旅游',
  number: (id) => `#${id}`,
  labels: {
    request: '申请', tour: '旅游', dates: '日期', time: '开始时间', party: '出行人', status: '状态', agreement: '旅游合同', total: '总价', invoice: '账单',
    due: '现在应付', paid: '已付', paidOn: '付款日期', payment: '付款', method: '付款方式', paidInAll: '累计已付', balance: '尚需支付', retained: '扣留金额',
    refund: '退款金额', newAddress: '新地址', changedOn: '更改日期',
  },
  kinds: { prepayment: '预付款', payment: '付款', full: '全额付款' },
  methods: { card: '银行卡', sbp: '快速支付（SBP）' },
  party: (a, c) => [`${a}位成人`, c ? `${c}名儿童` : ''].filter(Boolean).join('，'),
  greeting: (name) => `${name}，您好！`,
  open: '打开您的预订',
  received: {
    subject: (n, tour) => `已收到申请 ${n}${tour ? `：${tour}` : ''}`,
    heading: (n) => `我们已收到您的申请 ${n}`,
    intro: ['谢谢！旅行专家将核实日期和名额并确认您的预订。确认之前无需付款。'],
    status: '等待确认',
    outro: [
      '在预订页面，您可以填写游客信息、在确认后付款、取消预订，并与旅行专家聊天。请保留此邮件：其中的链接是您预订的凭证。',
      '如果您没有发送此申请，请忽略此邮件。',
    ],
    short: (n, link) => `已收到申请 ${n}。您的预订（游客、付款、取消）：${link}`,
  },
  confirmed: {
    subject: (n) => `您的预订 ${n} 已确认：请支付账单`,
    heading: (n) => `您的预订 ${n} 已确认`,
    intro: (agreement) => `旅行专家已确认您的预订，并签订旅游合同 ${agreement}。`,
    pay: (amount, kind, percent, total) => (kind === 'prepayment'
      ? `为保留名额，请支付预付款 ${amount}${percent ? `（${total} 的 ${percent}%）` : ''}，余款稍后支付。`
      : `为保留名额，请支付账单 ${amount}。`),
    action: (amount) => `支付 ${amount}`,
    outro: ['此链接将打开您的预订页面，点击“付款”即可进入安全支付页面。'],
    short: (n, amount, link) => `预订 ${n} 已确认。请支付 ${amount}：${link}`,
  },
  receipt: {
    subject: (n, amount) => `已收到预订 ${n} 的付款：${amount}`,
    heading: '谢谢，我们已收到您的付款',
    intro: (n) => `这是您为预订 ${n} 付款的收据。`,
    outro: ['请保留此邮件作为付款凭证。'],
    short: (n, amount, link) => `已收到预订 ${n} 的付款 ${amount}。${link}`,
  },
  cancelled: {
    subject: (n) => `您的申请 ${n} 已取消`,
    heading: (n) => `您的申请 ${n} 已取消`,
    intro: '已按您的要求取消申请。',
    reason: (message) => `您的留言：“${message}”`,
    nothing: '此预订尚未付款，因此不收取任何费用。',
    full: (m) => `您已支付 ${m.paid}。根据该旅游的取消条款，现在取消不扣留任何费用：全部金额将按原支付方式退还。`,
    part: (m, period, percent) => `您已支付 ${m.paid}。根据该旅游的取消条款，在${period}取消将扣留已付金额的 ${percent}%：扣留 ${m.retained}，${m.refund} 将按原支付方式退还。`,
    all: (m, period) => `您已支付 ${m.paid}。根据该旅游的取消条款，在${period}取消将扣留全部已付金额，不予退款。`,
    unknown: (m) => `您已支付 ${m.paid}。扣留金额以该旅游的取消条款为准，旅行专家将就退款事宜与您联系。`,
    outro: ['如果这是误操作，请重新发送申请或在聊天中联系我们。'],
    shortNothing: '未付款。',
    shortRefund: (m) => `退款：${m.refund}。`,
    shortUnknown: (m) => `已付 ${m.paid}，按旅游条款退款。`,
    short: (n, money, link) => `申请 ${n} 已取消。${money}${link}`,
  },
  emailChanged: {
    subject: '您账户的电子邮箱已更改',
    intro: (address, date) => [
      `您账户的电子邮箱已于 ${date} 由此地址更改为 ${address}。登录验证码和预订相关消息今后将发送到新地址。`,
      '如果是您本人操作，无需任何处理。',
      '如果不是您本人，可能有他人正在使用您的账户。请使用手机号码或密码登录，在账户设置中改回原邮箱，并联系我们以获得帮助。',
    ],
    action: '联系我们',
  },
};

const CATALOGUES: Record<ApiLocale, Catalogue> = { en: EN, de: DE, ru: RU, cn: CN };

// ---------------------------------------------------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------------------------------------------------

/** '1 June 2025' in the locale; a day (YYYY-MM-DD) or an instant's day in UTC. */
export function dayText(value: string, locale: ApiLocale): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(CATALOGUES[locale].tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

function datesText(start: string | null, end: string | null, locale: ApiLocale): string | null {
  if (!start) return null;
  return !end || end === start ? dayText(start, locale) : `${dayText(start, locale)} – ${dayText(end, locale)}`;
}

/** The facts of a request every booking message shows, in order; lines without a value are left out. */
function requestFacts(c: Catalogue, f: RequestFacts, locale: ApiLocale): [string, string][] {
  const rows: [string, string | null][] = [
    [c.labels.request, c.number(f.id)],
    [c.labels.tour, f.tour],
    [c.labels.dates, datesText(f.start, f.end, locale)],
    [c.labels.time, f.time],
    [c.labels.party, c.party(f.adults, f.children)],
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1]));
}

/** The document of a message in a locale (pure). */
export function travellerMessage(message: TravellerMessage, locale: ApiLocale): MessageDocument {
  const c = CATALOGUES[locale];
  const base = { locale, greeting: null as string | null };
  switch (message.kind) {
    case 'request_received': {
      const f = message.facts;
      const n = c.number(f.id);
      return {
        ...base, greeting: f.name ? c.greeting(f.name) : null,
        subject: c.received.subject(n, f.tour), heading: c.received.heading(n), intro: c.received.intro,
        facts: [...requestFacts(c, f, locale), [c.labels.status, c.received.status]],
        action: { label: c.open, url: f.link }, outro: c.received.outro, short: c.received.short(n, f.link),
      };
    }
    case 'request_confirmed': {
      const f = message.facts;
      const n = c.number(f.id);
      const amount = formatPrice(f.invoice.amount, f.currency);
      const total = formatPrice(f.total, f.currency);
      const percent = f.invoice.kind === 'prepayment' && f.total > 0 ? Math.round((f.invoice.amount / f.total) * 100) : null;
      return {
        ...base, greeting: f.name ? c.greeting(f.name) : null,
        subject: c.confirmed.subject(n), heading: c.confirmed.heading(n),
        intro: [c.confirmed.intro(f.agreement), c.confirmed.pay(amount, f.invoice.kind, percent, total)],
        facts: [
          ...requestFacts(c, f, locale), [c.labels.agreement, f.agreement], [c.labels.total, total],
          [c.labels.invoice, `${c.number(f.invoice.id)}, ${c.kinds[f.invoice.kind]}`], [c.labels.due, amount],
        ],
        action: { label: c.confirmed.action(amount), url: f.link }, outro: c.confirmed.outro, short: c.confirmed.short(n, amount, f.link),
      };
    }
    case 'payment_receipt': {
      const f = message.facts;
      const n = c.number(f.id);
      const amount = formatPrice(f.amount, f.currency);
      const rows: [string, string | null][] = [
        [c.labels.paid, amount],
        [c.labels.paidOn, dayText(f.paidAt, locale)],
        [c.labels.payment, `${c.number(f.paymentId)}, ${c.kinds[f.kind]}`],
        [c.labels.method, f.method ? c.methods[f.method] : null],
        ...requestFacts(c, f, locale),
        [c.labels.agreement, f.agreement],
        [c.labels.total, f.total !== null ? formatPrice(f.total, f.currency) : null],
        [c.labels.paidInAll, formatPrice(f.paidInAll, f.currency)],
        [c.labels.balance, f.total !== null ? formatPrice(Math.max(0, f.total - f.paidInAll), f.currency) : null],
      ];
      return {
        ...base, greeting: f.name ? c.greeting(f.name) : null,
        subject: c.receipt.subject(n, amount), heading: c.receipt.heading, intro: [c.receipt.intro(n)],
        facts: rows.filter((r): r is [string, string] => Boolean(r[1])),
        action: { label: c.open, url: f.link }, outro: c.receipt.outro, short: c.receipt.short(n, amount, f.link),
      };
    }
    case 'request_cancelled': {
      const f = message.facts;
      const n = c.number(f.id);
      const o = f.outcome;
      const money: Money = {
        paid: formatPrice(o.paid, f.currency), retained: formatPrice(o.retained ?? 0, f.currency), refund: formatPrice(o.refund ?? 0, f.currency),
      };
      let moneyText: string;
      let moneyShort: string;
      if (o.paid === 0) [moneyText, moneyShort] = [c.cancelled.nothing, c.cancelled.shortNothing];
      else if (o.percent === null || o.tier === null) [moneyText, moneyShort] = [c.cancelled.unknown(money), c.cancelled.shortUnknown(money)];
      else if (o.percent === 0) [moneyText, moneyShort] = [c.cancelled.full(money), c.cancelled.shortRefund(money)];
      else if (o.percent >= 100) [moneyText, moneyShort] = [c.cancelled.all(money, f.period ?? ''), c.cancelled.shortRefund(money)];
      else [moneyText, moneyShort] = [c.cancelled.part(money, f.period ?? '', o.percent), c.cancelled.shortRefund(money)];
      const moneyRows: [string, string][] = o.paid === 0 ? [] : [
        [c.labels.paid, money.paid],
        ...(o.retained !== null ? [[c.labels.retained, money.retained] as [string, string], [c.labels.refund, money.refund] as [string, string]] : []),
      ];
      return {
        ...base, greeting: f.name ? c.greeting(f.name) : null,
        subject: c.cancelled.subject(n), heading: c.cancelled.heading(n),
        intro: [c.cancelled.intro, ...(f.message ? [c.cancelled.reason(f.message)] : []), moneyText],
        facts: [...requestFacts(c, f, locale), ...moneyRows],
        action: { label: c.open, url: f.link }, outro: c.cancelled.outro, short: c.cancelled.short(n, moneyShort, f.link),
      };
    }
    case 'email_changed': {
      const f = message.facts;
      const date = dayText(f.at, locale);
      return {
        ...base, greeting: f.name ? c.greeting(f.name) : null,
        subject: c.emailChanged.subject, heading: c.emailChanged.subject, intro: c.emailChanged.intro(f.newAddress, date),
        facts: [[c.labels.newAddress, f.newAddress], [c.labels.changedOn, date]],
        action: { label: c.emailChanged.action, url: f.contactsLink }, outro: [], short: `${c.emailChanged.subject}: ${f.newAddress}. ${f.contactsLink}`,
      };
    }
  }
}

/** The e-mail's text part. */
function renderText(doc: MessageDocument): string {
  const blocks: string[] = [doc.heading];
  if (doc.greeting) blocks.push(doc.greeting);
  blocks.push(...doc.intro);
  if (doc.facts.length) blocks.push(doc.facts.map(([label, value]) => `${label}: ${value.replace(/\r?\n/g, ' ')}`).join('\n'));
  if (doc.action) blocks.push(`${doc.action.label}:\n${doc.action.url}`);
  blocks.push(...doc.outro, CATALOGUES[doc.locale].site);
  return `${blocks.join('\n\n')}\n`;
}

/** The e-mail's HTML: the same content, structured (heading, paragraphs, a table of facts with row headers, one link). */
function renderHtml(doc: MessageDocument): string {
  const p = (text: string) => `<p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;
  const lines = [
    '<!doctype html>',
    `<html lang="${CATALOGUES[doc.locale].tag}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(doc.subject)}</title></head>`,
    '<body>',
    `<h1>${escapeHtml(doc.heading)}</h1>`,
    ...(doc.greeting ? [p(doc.greeting)] : []),
    ...doc.intro.map(p),
  ];
  if (doc.facts.length) {
    lines.push('<table>', ...doc.facts.map(([label, value]) => `<tr><th scope="row" align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`), '</table>');
  }
  if (doc.action) lines.push(`<p><a href="${escapeHtml(doc.action.url)}">${escapeHtml(doc.action.label)}</a></p>`);
  lines.push(...doc.outro.map(p), p(CATALOGUES[doc.locale].site), '</body>', '</html>');
  return lines.join('\n');
}

export interface ComposedTravellerMessage {
  subject: string;
  text: string;
  html: string | null;
}

/** A message for its channel: an e-mail's subject, text and HTML, or an SMS's text. The subject never breaks a header line. */
export function composeTravellerMessage(message: TravellerMessage, locale: ApiLocale, channel: 'email' | 'sms'): ComposedTravellerMessage {
  const doc = travellerMessage(message, locale);
  if (channel === 'sms') return { subject: '', text: doc.short, html: null };
  return { subject: doc.subject.replace(/[\r\n]+/g, ' ').slice(0, 200), text: renderText(doc), html: renderHtml(doc) };
}
