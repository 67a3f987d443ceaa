import { describe, expect, it } from 'vitest';
import type { Brand } from '../brands/brands.service.js';
import { mailFigure, mailLanguage, marginCallMail, passwordResetMail } from './mail.templates.js';

/** The parts of a brand the mail templates read. */
const brandWith = (languages: string[]) =>
  ({
    name: 'Aurora Markets',
    settings: { languages, supportEmail: 'support@aurora.example.com', theme: { primary: '#0b5cff' } },
  }) as unknown as Brand;

const client = { email: 'lou@example.com', firstName: 'Lou' };
const link = 'https://aurora.example.com/password/reset/abc';

describe('mails in the client’s language', () => {
  it('writes in the language asked for, else the brand’s first language, else English', () => {
    expect(mailLanguage(brandWith(['en', 'de']), 'de-DE')).toBe('de');
    expect(mailLanguage(brandWith(['de', 'en']))).toBe('de');
    expect(mailLanguage(brandWith(['en', 'de']))).toBe('en');
    // Italian and Spanish are partial: their clients get the brand's first full language
    expect(mailLanguage(brandWith(['de']), 'it')).toBe('de');
    expect(mailLanguage(brandWith(['it']), 'es')).toBe('en');
  });

  it('the password reset mail in German: subject, text, button and the frame around it', () => {
    const mail = passwordResetMail(brandWith(['en', 'de']), client, link, 60, 'de');
    expect(mail.subject).toBe('Aurora Markets: Passwort zurücksetzen');
    expect(mail.text).toContain('Hallo Lou,');
    expect(mail.text).toContain('innerhalb von 60 Minuten');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('>Neues Passwort wählen</a>');
    expect(mail.html).toContain('Falls die Schaltfläche nicht funktioniert');
    // no English besides the link itself
    expect(`${mail.subject} ${mail.text} ${mail.html}`.replaceAll(link, '')).not.toMatch(
      /\b(the|your|password|Hello)\b/i,
    );
  });

  it('the password reset mail of an English-first brand stays English', () => {
    const mail = passwordResetMail(brandWith(['en', 'de']), client, link, 60);
    expect(mail.subject).toBe('Reset your Aurora Markets password');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('If the button does not work');
  });

  it('the margin-call mail in German, its figures written the German way', () => {
    const figures = { marginLevel: '87.35', level: '100', equity: '€1234.50', usedMargin: '€1413.30' };
    const mail = marginCallMail(brandWith(['de']), client, figures, 'https://aurora.example.com/platform');
    expect(mail.subject).toBe('Margin Call auf Ihrem Aurora Markets-Konto');
    expect(mail.text).toContain(
      'Ihr Margin-Level ist auf 87,35 % gefallen, unter das Margin-Call-Level von 100 %.',
    );
    expect(mail.text).toContain('Eigenkapital: 1.234,50\u00a0€; genutzte Margin: 1.413,30\u00a0€.');
    expect(mail.html).toContain('>Plattform öffnen</a>');
    const english = marginCallMail(brandWith(['en']), client, figures, 'https://aurora.example.com/platform');
    expect(english.text).toContain('Your margin level fell to 87.35 %');
    expect(english.text).toContain('Equity: €1234.50');
  });

  it('leaves what is not a figure as written', () => {
    expect(mailFigure('n/a', 'de')).toBe('n/a');
    expect(mailFigure('€-5.00', 'de')).toBe('-5,00\u00a0€');
    expect(mailFigure('1234.5', 'en')).toBe('1234.5');
  });
});
