/** Shapes of the server's JSON answers (spec §3, §7). */

/** A KYC document's state as the server stores it: JSON with status, note and updated. */
export interface DocumentState {
  status?: string | number;
  note?: string;
  updated?: string;
}

/** The user of an auth answer (spec §3). Fields the server may leave out are optional. */
export interface User {
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  phone?: string | null;
  birth_date?: string | null;
  country_id?: number | string | null;
  state?: string | null;
  city?: string | null;
  street?: string | null;
  zip_code?: string | null;
  pin: string | number;
  level: string | number;
  verified_account: 0 | 1 | boolean;
  auto_trading?: 0 | 1;
  custom_leverage?: string | Record<string, unknown> | null;
  assets_group_permission?: unknown;
  uniqid?: string | null;
  doc_passport?: string | DocumentState | null;
  doc_address?: string | DocumentState | null;
  doc_funding_front?: string | DocumentState | null;
  doc_funding_back?: string | DocumentState | null;
  created_at?: string | null;
  country?: string | null;
}

/** Whether an answer's data is a user object (calls whose answer the spec leaves open may return one). */
export const isUser = (value: unknown): value is User =>
  !!value && typeof value === 'object' && typeof (value as Partial<User>).email === 'string';

export interface AuthData {
  access_token: string;
  user: User;
}

export interface BrandFeatures {
  registrationEnabled: boolean;
  restrictedMode: boolean;
  economics: boolean;
  homeRedirectsToPlatform: boolean;
}

export interface Brand {
  slug: string;
  name: string;
  currency: string;
  currencySymbol: string;
  minDeposit: number;
  languages: string[];
  features: BrandFeatures;
  theme: { primary: string; logoText: string };
  legalName: string;
  copyright: string;
  supportEmail: string;
}

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

/** A country of GET /api/get/countries (spec §3 Country, plus its calling code). */
export interface Country {
  id: number;
  name: string;
  alpha2: string;
  phone_code?: string | null;
}

/** An unread pop-up notice (spec §3 Popup); `content` is HTML from the back office. */
export interface Popup {
  id: number | string;
  title: string;
  content: string;
}
