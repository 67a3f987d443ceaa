import type { TypeOptions } from 'i18next';

/**
 * Every text key of the web app, the back office's included. Features own their texts (each feature's
 * i18n.ts); the app shell merges them and declares the merged English object to i18next once
 * (app/i18n/i18next.d.ts). This type reads that declaration, so a feature names a key without importing
 * the shell or another feature.
 */
export type TranslationKey = keyof TypeOptions['resources']['translation'];
