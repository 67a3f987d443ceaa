import { MENU_LANGUAGES } from '@openbroker/domain';
import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../../lib/i18n/i18n.js';
import { useMediaQuery } from '../../lib/useMediaQuery.js';
import { changeLanguage } from './language.js';

/** Language names in their own language: they read the same whatever the page language is. */
const ENDONYMS: Record<string, string> = { en: 'English', de: 'Deutsch', it: 'Italiano', es: 'Español' };

/** spec §2: the language dropdown offers en and de; the choice is stored and set as <html lang>. */
export function LanguageSelect({ tight = false }: { tight?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // Phones show the short code so the header keeps to one line; a `tight` header (the client area's, with its
  // account switcher) also where the desktop header is tightest.
  const compact = useMediaQuery(
    tight ? '(max-width: 575.98px), (min-width: 1200px) and (max-width: 1439.98px)' : '(max-width: 575.98px)',
  );
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : MENU_LANGUAGES[0];
  // A language outside the menu (it, es: partial, spec §1) can still be stored; keep it selectable.
  const languages: readonly string[] = (MENU_LANGUAGES as readonly string[]).includes(current)
    ? MENU_LANGUAGES
    : [...MENU_LANGUAGES, current];
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <Form.Select
        id={id}
        size="sm"
        className={compact ? 'ob-language-select is-compact' : 'ob-language-select'}
        data-testid="language-select"
        value={current}
        title={t('language.label')}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void changeLanguage(i18n, next);
        }}
      >
        {languages.map((language) => (
          <option key={language} value={language} data-testid={`language-option-${language}`}>
            {compact ? language.toUpperCase() : (ENDONYMS[language] ?? language)}
          </option>
        ))}
      </Form.Select>
    </>
  );
}
