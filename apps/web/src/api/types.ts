/**
 * Shapes of the server's JSON answers (spec §3, §7). Every answer's shape is a contract of the domain
 * (packages/domain/src/contracts/), which the server declares for its route and `apiRequest` parses the answer
 * with; the names below are the ones the screens use for them. Only the envelope is this app's own.
 */

import {
  type Asset,
  type AuthData,
  type Candle,
  type CandleResolution,
  type ClientPopup,
  type Country,
  type HomeWidget,
  type Instrument,
  type InstrumentCategory,
  type PublicBrand,
  type ThemePalette,
  UserDto,
} from '@openbroker/domain';

export { CANDLE_RESOLUTIONS, INSTRUMENT_CATEGORIES } from '@openbroker/domain';
export type {
  Asset,
  AuthData,
  Candle,
  CandleResolution,
  Country,
  HomeWidget,
  Instrument,
  InstrumentCategory,
};

/** The user of an auth answer (spec §3): the domain's `UserDto` (contracts/accounts.ts). */
export type User = UserDto;

/** Whether an answer's data is a user object (calls whose answer the spec leaves open may return one). */
export const isUser = (value: unknown): value is User => UserDto.safeParse(value).success;

/** `GET /api/brand`: the domain's `PublicBrand` (contracts/brand-public.ts). */
export type Brand = PublicBrand;
/** One colour scheme of a brand's theme. */
export type BrandPalette = ThemePalette;

/** An unread pop-up notice (spec §3 Popup): the domain's `ClientPopup` (contracts/accounts.ts). */
export type Popup = ClientPopup;

/** The `{status, data}` envelope every call answers with. */
export type Envelope<T> = { status: true; data: T } | ApiErrorBody;

export interface ApiFieldError {
  path: string | (string | number)[];
  key: string;
  params?: Record<string, string | number>;
  /** The English text of `key`; the app shows its own translation of the key instead. */
  message?: string;
}

export interface ApiErrorBody {
  status: false;
  code: string;
  /** A MESSAGES_EN key naming the problem (what the app translates and shows). */
  key?: string;
  /** The key's English text, for logs and other clients. */
  message: string;
  errors?: ApiFieldError[];
}
