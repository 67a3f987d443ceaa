import {
  DOCUMENT_DETAILS_MESSAGES_DE,
  type DocumentType,
  formatMessage,
  MESSAGES_EN,
  type MessageKey,
} from '@openbroker/domain';
import type { Brand } from '../brands/brands.service.js';
import type { Mail } from './mail.service.js';

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/**
 * The languages mails are written in: English and German, the site's full languages (spec §1). A
 * client's mail is in the language asked for when it is one of these, else in the brand's first language, else
 * in English.
 */
export type MailLanguage = 'en' | 'de';

export function mailLanguage(brand: Brand, wanted?: string): MailLanguage {
  const offered = (lang: unknown): lang is MailLanguage => lang === 'en' || lang === 'de';
  const short = wanted?.trim().toLowerCase().slice(0, 2);
  if (offered(short)) return short;
  const first = brand.settings.languages?.[0];
  return offered(first) ? first : 'en';
}

/** The German of the catalogue's mail texts (the web's German of the same keys, notices.ts). */
const MAIL_DE: Partial<Record<MessageKey, string>> = {
  'notice.marginCall.mail.subject': 'Margin Call auf Ihrem {{brand}}-Konto',
  'notice.marginCall.mail.body':
    'Ihr Margin-Level ist auf {{marginLevel}} % gefallen, unter das Margin-Call-Level von {{level}} %. Eigenkapital: {{equity}}; genutzte Margin: {{usedMargin}}. Fällt es auf das Stop-out-Level, werden Ihre Positionen geschlossen, der größte Verlust zuerst. Zahlen Sie ein oder schließen Sie Positionen, um es anzuheben.',
  'notice.marginCall.mail.link': 'Plattform öffnen',
  'priceAlerts.mail.subject': 'Kursalarm: {{symbol}} {{condition}}',
  'priceAlerts.mail.body': '{{symbol}} {{condition}}: der {{side}}-Kurs lag um {{time}} (UTC) bei {{price}}.',
  'priceAlerts.mail.note': 'Ihre Notiz: {{note}}',
  'priceAlerts.mail.link': 'Plattform öffnen',
  'priceAlerts.condition.above': 'hat {{level}} oder mehr erreicht',
  'priceAlerts.condition.below': 'hat {{level}} oder weniger erreicht',
  'priceAlerts.condition.move': 'hat sich um {{percent}} % von {{base}} bewegt',
  'priceAlerts.side.bid': 'Geld',
  'priceAlerts.side.ask': 'Brief',
};

/**
 * A figure of a mail ('€1234.50', '123.45', '50') as the language writes it ('1.234,50 €', '123,45'); English
 * figures stay as they are, anything else too.
 */
export function mailFigure(text: string, lang: MailLanguage): string {
  if (lang === 'en') return text;
  const money = /^(-?)€\s?(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  const plain = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  const parts = money
    ? { negative: money[1] === '-' || money[2] === '-', whole: money[3], fraction: money[4] }
    : plain
      ? { negative: plain[1] === '-', whole: plain[2], fraction: plain[3] }
      : undefined;
  if (!parts) return text;
  const decimals = parts.fraction?.length ?? 0;
  const value = `${parts.negative ? '-' : ''}${parts.whole}${parts.fraction ? `.${parts.fraction}` : ''}`;
  const format = new Intl.NumberFormat('de-DE', {
    ...(money ? { style: 'currency', currency: 'EUR' } : {}),
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  // Intl formats a decimal string exactly (Intl.NumberFormat v3); the types only know numbers
  return format.format(value as unknown as number);
}

/** Texts of the mail frame per language. */
const FRAME: Record<MailLanguage, { buttonFallback: string }> = {
  en: { buttonFallback: 'If the button does not work, copy this address into your browser:' },
  de: {
    buttonFallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
  },
};

interface MailBody {
  lang: MailLanguage;
  /** Paragraphs before the link. */
  intro: string[];
  link: { href: string; label: string };
  /** Paragraphs after the link. */
  outro: string[];
}

/** The plain-text body: paragraphs, the bare link, the brand's signature. */
function plainText(brand: Brand, body: MailBody): string {
  return [
    ...body.intro,
    body.link.href,
    ...body.outro,
    `${brand.name} · ${brand.settings.supportEmail}`,
  ].join('\n\n');
}

/** A plain HTML body: the brand's name, paragraphs, one button-like link and the signature. */
function simpleHtml(brand: Brand, body: MailBody): string {
  const name = escapeHtml(brand.name);
  const paragraphs = (lines: string[]) => lines.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const href = escapeHtml(body.link.href);
  const colour = escapeHtml(brand.settings.theme.primary);
  return `<!doctype html>
<html lang="${body.lang}"><body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #222;">
<h2>${name}</h2>
${paragraphs(body.intro)}
<p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: ${colour}; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(body.link.label)}</a></p>
<p style="font-size: 13px; color: #555;">${escapeHtml(FRAME[body.lang].buttonFallback)}<br>${href}</p>
${paragraphs(body.outro)}
<p style="font-size: 12px; color: #777;">${name} · ${escapeHtml(brand.settings.supportEmail)}</p>
</body></html>`;
}

/**
 * The forgot-password mail: a single-use link valid for `validMinutes`, in `lang` (see `mailLanguage`: the
 * language the client asked in, else the brand's first language).
 */
export function passwordResetMail(
  brand: Brand,
  to: { email: string; firstName: string },
  link: string,
  validMinutes: number,
  lang: string = mailLanguage(brand),
): Mail {
  const name = to.firstName || to.email;
  const de = mailLanguage(brand, lang) === 'de';
  const body: MailBody = de
    ? {
        lang: 'de',
        intro: [
          `Hallo ${name},`,
          `jemand, hoffentlich Sie, hat das Zurücksetzen des Passworts Ihres ${brand.name}-Kontos angefordert. ` +
            `Öffnen Sie den folgenden Link innerhalb von ${validMinutes} Minuten, um ein neues Passwort zu wählen. Er funktioniert einmal.`,
        ],
        link: { href: link, label: 'Neues Passwort wählen' },
        outro: [
          'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt, wie es ist.',
        ],
      }
    : {
        lang: 'en',
        intro: [
          `Hello ${name},`,
          `Someone, hopefully you, asked to reset the password of your ${brand.name} account. ` +
            `Open the link below within ${validMinutes} minutes to choose a new password. It works once.`,
        ],
        link: { href: link, label: 'Choose a new password' },
        outro: ['If you did not ask for this, ignore this mail: your password stays as it is.'],
      };
  return {
    to: to.email,
    subject: de ? `${brand.name}: Passwort zurücksetzen` : `Reset your ${brand.name} password`,
    template: 'password-reset',
    link,
    text: plainText(brand, body),
    html: simpleHtml(brand, body),
  };
}

/**
 * The margin-call mail: the margin level and what to do; one per margin call. In `lang` (see
 * `mailLanguage`), its figures written as that language writes numbers and money.
 */
export function marginCallMail(
  brand: Brand,
  to: { email: string; firstName: string },
  figures: { marginLevel: string; level: string; equity: string; usedMargin: string },
  link: string,
  lang: string = mailLanguage(brand),
): Mail {
  const language = mailLanguage(brand, lang);
  const templates: Record<string, string> =
    language === 'de' ? (MAIL_DE as Record<string, string>) : MESSAGES_EN;
  const params = Object.fromEntries(
    Object.entries(figures).map(([name, value]) => [name, mailFigure(value, language)]),
  );
  const body: MailBody = {
    lang: language,
    intro: [
      `${language === 'de' ? 'Hallo' : 'Hello'} ${to.firstName || to.email},`,
      formatMessage({ key: 'notice.marginCall.mail.body', params }, templates),
    ],
    link: { href: link, label: formatMessage({ key: 'notice.marginCall.mail.link' }, templates) },
    outro: [],
  };
  return {
    to: to.email,
    subject: formatMessage(
      { key: 'notice.marginCall.mail.subject', params: { brand: brand.name } },
      templates,
    ),
    text: plainText(brand, body),
    html: simpleHtml(brand, body),
    template: 'margin-call',
  };
}

/** What a price alert's mail says: the alert as it fired. */
export interface PriceAlertMailFacts {
  symbol: string;
  kind: 'above' | 'below' | 'move';
  side: 'bid' | 'ask';
  /** The level, or the percentage of a move. */
  value: string;
  /** The price a move is measured from. */
  base: string | null;
  /** The brand's price that fired it. */
  price: string;
  /** When it fired, 'YYYY-MM-DD HH:MM' UTC. */
  time: string;
  note: string | null;
}

/**
 * The price-alert mail: which market reached what, at which price and time, the client's note, and a link to the
 * platform. In `lang` (see `mailLanguage`), its figures written as that language writes numbers.
 */
export function priceAlertMail(
  brand: Brand,
  to: { email: string; firstName: string },
  facts: PriceAlertMailFacts,
  link: string,
  lang: string = mailLanguage(brand),
): Mail {
  const language = mailLanguage(brand, lang);
  const templates: Record<string, string> =
    language === 'de' ? { ...MESSAGES_EN, ...(MAIL_DE as Record<string, string>) } : MESSAGES_EN;
  const figure = (text: string) => mailFigure(text, language);
  const condition = formatMessage(
    {
      key: `priceAlerts.condition.${facts.kind}`,
      params:
        facts.kind === 'move'
          ? { percent: figure(facts.value), base: figure(facts.base ?? '') }
          : { level: figure(facts.value) },
    },
    templates,
  );
  const side = formatMessage({ key: `priceAlerts.side.${facts.side}` }, templates);
  const body: MailBody = {
    lang: language,
    intro: [
      `${language === 'de' ? 'Hallo' : 'Hello'} ${to.firstName || to.email},`,
      formatMessage(
        {
          key: 'priceAlerts.mail.body',
          params: { symbol: facts.symbol, condition, side, price: figure(facts.price), time: facts.time },
        },
        templates,
      ),
      ...(facts.note
        ? [formatMessage({ key: 'priceAlerts.mail.note', params: { note: facts.note } }, templates)]
        : []),
    ],
    link: { href: link, label: formatMessage({ key: 'priceAlerts.mail.link' }, templates) },
    outro: [],
  };
  return {
    to: to.email,
    subject: formatMessage(
      { key: 'priceAlerts.mail.subject', params: { symbol: facts.symbol, condition } },
      templates,
    ),
    text: plainText(brand, body),
    html: simpleHtml(brand, body),
    template: 'price-alert',
  };
}

/** What a document expiry mail says: which proof, when it expires, and from when an expired one stops the client. */
export interface DocumentExpiryMailFacts {
  stage: 'expiring' | 'expired';
  type: DocumentType;
  /** YYYY-MM-DD */
  expiresOn: string;
  /** YYYY-MM-DD: from when deposits and trading stop (expired stage). */
  blockDate: string;
}

const DOCUMENT_NAMES: Record<MailLanguage, Partial<Record<DocumentType, string>>> = {
  en: { doc_passport: 'proof of identity', doc_address: 'proof of address' },
  de: { doc_passport: 'Ausweisdokument', doc_address: 'Adressnachweis' },
};

/** A day as the mail's language writes it: 2027-01-31 or 31.01.2027. */
const mailDay = (day: string, lang: MailLanguage) =>
  lang === 'de' ? day.split('-').reverse().join('.') : day;

/**
 * The mail telling a client that a proof of identity or address expires within 30 days, or has expired (and from
 * when deposits and trading stop), with a link to the documents in the client area. In `lang` (see `mailLanguage`).
 */
export function documentExpiryMail(
  brand: Brand,
  to: { email: string; firstName: string },
  facts: DocumentExpiryMailFacts,
  link: string,
  lang: string = mailLanguage(brand),
): Mail {
  const language = mailLanguage(brand, lang);
  const templates: Record<string, string> =
    language === 'de' ? { ...MESSAGES_EN, ...DOCUMENT_DETAILS_MESSAGES_DE } : MESSAGES_EN;
  const params = {
    brand: brand.name,
    document: DOCUMENT_NAMES[language][facts.type] ?? facts.type,
    date: mailDay(facts.expiresOn, language),
    blockDate: mailDay(facts.blockDate, language),
  };
  const prefix = facts.stage === 'expiring' ? 'document.expiryMail' : 'document.expiredMail';
  const body: MailBody = {
    lang: language,
    intro: [
      `${language === 'de' ? 'Hallo' : 'Hello'} ${to.firstName || to.email},`,
      formatMessage({ key: `${prefix}.body` as MessageKey, params }, templates),
    ],
    link: { href: link, label: formatMessage({ key: 'document.mailLink' }, templates) },
    outro: [],
  };
  return {
    to: to.email,
    subject: formatMessage({ key: `${prefix}.subject` as MessageKey, params }, templates),
    text: plainText(brand, body),
    html: simpleHtml(brand, body),
    template: facts.stage === 'expiring' ? 'document-expiring' : 'document-expired',
  };
}
