import { MESSAGES_EN } from '@openbroker/domain';
import { DE } from './de.js';
import { ES } from './es.js';
import { IT } from './it.js';
import { UI_EN } from './uiEn.js';

/** English: the domain's message catalogue itself (spec texts) plus the web app's own texts. */
export const EN = { ...MESSAGES_EN, ...UI_EN } as const;

export type TranslationKey = keyof typeof EN;

/** i18next resources: one flat namespace per language; keys contain dots, so the key separator is off. */
export const RESOURCES = {
  en: { translation: EN },
  de: { translation: DE },
  it: { translation: IT },
  es: { translation: ES },
} as const;
