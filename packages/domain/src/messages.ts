/**
 * Every user-facing message of the product, keyed. The English templates are the spec's exact
 * texts (spec §5, §8); `{{name}}` placeholders are filled by `formatMessage` on the server and by
 * i18next (same syntax) in the web app, whose `en` resources are this object itself.
 */
import { ACCOUNT_TRANSFERS_MESSAGES } from './messages-account-transfers.js';
import { ACCOUNTS_MESSAGES } from './messages-accounts.js';
import { AFFILIATES_MESSAGES } from './messages-affiliates.js';
import { APPROPRIATENESS_MESSAGES } from './messages-appropriateness.js';
import { AUTO_TRADING_MESSAGES } from './messages-auto-trading.js';
import { BACKOFFICE_CLIENT_MESSAGES } from './messages-backoffice-clients.js';
import { BACKOFFICE_MONEY_MESSAGES } from './messages-backoffice-money.js';
import { BACKOFFICE_STAFF_MESSAGES } from './messages-backoffice-staff.js';
import { BO_AUTO_TRADING_MESSAGES } from './messages-bo-auto-trading.js';
import { BO_BRANDS_MESSAGES } from './messages-bo-brands.js';
import { BO_COMPLIANCE_SETTINGS_MESSAGES } from './messages-bo-compliance.js';
import { BO_CONTENT_MESSAGES } from './messages-bo-content.js';
import { BO_DEALING_MESSAGES } from './messages-bo-dealing.js';
import { BO_REPORTS_MESSAGES } from './messages-bo-reports.js';
import { COMPLIANCE_MESSAGES } from './messages-compliance.js';
import { COMPLIANCE_TASKS_MESSAGES } from './messages-compliance-tasks.js';
import { DOCUMENT_DETAILS_MESSAGES } from './messages-documents.js';
import { ENGINE_ORDERS_MESSAGES } from './messages-engine-orders.js';
import { NOTICES_MESSAGES } from './messages-notices.js';
import { ONE_CLICK_MESSAGES } from './messages-one-click.js';
import { PAYMENTS_MESSAGES } from './messages-payments.js';
import { POPUPS_MESSAGES } from './messages-popups.js';
import { PRICE_ALERTS_MESSAGES } from './messages-price-alerts.js';
import { PRICING_MESSAGES } from './messages-pricing.js';
import { RISK_MESSAGES } from './messages-risk.js';
import { SCREENING_MESSAGES } from './messages-screening.js';
import { WATCHLISTS_MESSAGES } from './messages-watchlists.js';

export const MESSAGES_EN = {
  // spec §5 field messages
  'field.required': '{{title}} is required',
  'field.minChars': '{{title}} has minimum {{min}} characters',
  'field.maxChars': '{{title}} has maximum {{max}} characters',
  'field.requiredGeneric': 'This field is required',
  // spec §5 public contact form
  'contact.nameRequired': 'Name is required',
  'contact.emailRequired': 'Email is Required',
  'contact.emailInvalid': 'Invalid email address',
  'contact.messageRequired': 'Message is required',
  'contact.success': 'Thank you so much for your message!',
  'contact.failure': 'Oops! Something wrong happened. Please try again.',
  // spec §5 platform
  'email.invalid': 'invalid email address',
  'password.mismatch': 'The passwords do not match',
  'register.agreeRequired': 'You must to agree to Terms & Conditions',
  'phone.invalid': 'Phone number not valid',
  'url.invalid': 'Url not valid',
  'deposit.minimum': 'Minimum Deposit {{currency}} {{min}}',
  // a per-brand upper limit, worded like the spec's minimum
  'deposit.maximum': 'Maximum Deposit {{currency}} {{max}}',
  'withdraw.maximum': 'Maximum withdraw can be {{max}}',
  'withdraw.noBalance': "You don't have balance to withdraw",
  'trigger.cantBeLower': "Can't be lower than {{value}}",
  'trigger.cantBeHigher': "Can't be higher than {{value}}",
  // spec §8 error catalogue
  'page.notFound': "Oops! We can't seem to find the page you're looking for. Error code: 404",
  'login.error_message': 'Invalid credentials.',
  'login.auto.error': 'The auto login link is invalid or has expired.',
  'forgot_password.error_message': 'Email is not exist.',
  'register.error_message': 'This email already exist',
  'auth.invalidCredentials': 'Invalid credentials.',
  'auth.emailNotExist': 'Email is not exist.',
  'auth.emailTaken': 'This email already exist',
  'document.notSupported': 'File not supported',
  'price.unavailable': 'Will be back soon',
  'price.closed': 'Market closed: last price',
  'trade.temporarilyUnavailable': 'Temporarily unavailable',
  'trade.temporarilyUnavailableLower': 'temporarily unavailable',
  'trade.created': 'New position was created successfully',
  'data.saved': 'The data was successfully saved',
  'list.empty': 'no data to show',
  'positions.empty': 'no positions to show',
  'account.notVerified': 'The account is not verified',
  // ours: the brand pays out to verified accounts only (a back-office setting, on by default)
  'withdraw.notVerified':
    'Withdrawals are paid to verified accounts only. Upload your documents under My account to get verified.',
  'account.noAccess': 'You have no access',
  'account.fillDetails': 'To activate your account you have to fill all the details',
  'account.completeFirst': 'You have to complete your account first',
  // field and rule messages the spec implies but does not word (our texts; same {{title}} style as spec §5)
  'field.invalid': '{{title}} is not valid',
  'field.min': '{{title}} must be at least {{min}}',
  'field.max': '{{title}} can be at most {{max}}',
  'field.step': '{{title}} must be a multiple of {{step}}',
  // input safety (our texts, same {{title}} style)
  'field.forbiddenCharacters': '{{title}} contains characters that are not allowed',
  'field.maxDecimals': '{{title}} can have at most {{max}} decimal places',
  'birthDate.future': "The birth date can't be in the future",
  'birthDate.minAge': 'You must be at least {{min}} years old to open an account',
  'document.typeMismatch':
    "The file's content does not match its name. Please upload the original jpg, jpeg or pdf file.",
  'document.activeContent':
    'This PDF contains scripts, actions or embedded files, which we cannot accept. Please upload a plain scan or photo of the document.',
  'document.unsafeContent':
    'This file contains web page or script code, which we cannot accept. Please upload a plain scan or photo of the document.',
  'document.encrypted':
    'This PDF is encrypted or password-protected, so we cannot check it. Please upload an unprotected copy or a scan.',
  'document.uncheckable':
    'This PDF is compressed or built in a way we cannot read, so we cannot check it. Please upload a plain scan or photo of the document.',
  'document.nameNotAllowed':
    'The file name contains characters that are not allowed. Please rename the file.',
  'date.untilBeforeFrom': "The until date can't be before the from date",
  'date.rangeTooLong': 'The period can be at most {{max}} days long',
  'trade.leverageNotAllowed': 'This leverage is not available for your account',
  // trading engine answers (architecture §5; our texts)
  'trade.requote': 'The price has changed. Please check the new price and try again.',
  'trade.positionNotFound': 'This position was not found. It may already be closed.',
  'trade.stopOutLevel':
    'This trade would take your equity below the stop-out level. Please use a smaller amount or close a position first.',
  // spec §9 withdrawal agreement, as a full sentence
  'withdraw.agreement':
    'I understand that withdrawn funds may take about seven business days to reach my account.',
  // spec §5 documents: upload hints shown beside the form
  'document.formatHint': 'Accepted files: jpg, jpeg or pdf, at most 2 MB.',
  'document.addressHint':
    'The proof of address must be dated within the past 3 months. Mobile phone bills are not accepted.',
  // generic server errors (not in the spec; phrased to say what to do next)
  'error.validation': 'Some fields are not valid. Please check them and try again.',
  'error.unauthorized': 'Your session has ended. Please log in again.',
  'error.forbidden': 'You have no access',
  'error.notFound': 'The requested resource was not found.',
  // an operator command the server ran for the CLI and refused: its one line, as the CLI prints it
  'operator.commandRefused': '{{message}}',
  'error.rateLimited': 'Too many attempts. Please wait a minute and try again.',
  'error.internal': 'Something went wrong on our side. Please try again in a moment.',
  // a cluster node's engine shard is moving to another node (a few seconds)
  'error.tradingUnavailable': 'Trading is moving to another server. Please try again in a few seconds.',
  // client area answers the spec implies but does not word (our texts)
  'register.disabled': 'Registration is not available on this site.',
  'password.currentWrong': 'The current password is not correct',
  // failed logins slow down per e-mail and address together (decision 0012)
  'auth.throttled': 'Too many failed attempts. Please wait a little and try again.',
  // back-office staff sign-in (our texts)
  'staff.twoFactorRequired':
    'Two-factor sign-in is required. Set it up with your authenticator app before anything else.',
  'staff.codeInvalid': 'This code is not correct. Enter the current code from your authenticator app.',
  'staff.alreadyEnrolled': 'Two-factor sign-in is already set up for this account.',
  'staff.enrolmentNotStarted': 'Start the two-factor set-up first, then enter the code it shows.',
  'password.resetInvalid': 'This reset link is invalid or has expired. Please request a new one.',
  'mail.sendFailed': 'We could not send the e-mail just now. Please try again in a few minutes.',
  'document.alreadyApproved': 'This document is already approved and cannot be replaced.',
  // payments (our texts)
  'payment.methodUnavailable':
    'This payment method is not available. Please choose another one or contact support.',
  'payment.idempotencyConflict':
    'This request was already sent with different details. Please reload the page and try again.',
  'payment.transactionNotFound': 'This transaction was not found.',
  'payment.alreadyFinal': 'This transaction is already {{status}} and cannot be changed.',
  'payment.providerFailed':
    'The payment provider could not be reached. Nothing was charged; please try again in a few minutes.',
  'webhook.badSignature': 'The webhook signature is not valid.',
  'webhook.staleTimestamp': 'The webhook timestamp is outside the accepted window.',
  'webhook.mismatch': 'The webhook does not match the transaction (amount or currency).',
  'webhook.malformed': 'The webhook body could not be read.',
  // back office: clients, documents, verification, trading permissions (our texts)
  ...BACKOFFICE_CLIENT_MESSAGES,
  // back office: money queues, approvals, adjustments, dealing (our texts)
  ...BACKOFFICE_MONEY_MESSAGES,
  // back office: staff management (our texts)
  ...BACKOFFICE_STAFF_MESSAGES,
  // risk rules: margin level, liquidation, pending orders, trailing stops, partial close, presets (our texts)
  ...RISK_MESSAGES,
  ...BO_BRANDS_MESSAGES,
  ...BO_COMPLIANCE_SETTINGS_MESSAGES,
  ...BO_CONTENT_MESSAGES,
  // back office: pop-ups and affiliates (our texts)
  ...POPUPS_MESSAGES,
  ...AFFILIATES_MESSAGES,
  ...BO_DEALING_MESSAGES,
  ...BO_REPORTS_MESSAGES,
  // engine refusals of orders, partial closes and charges (our texts)
  ...ENGINE_ORDERS_MESSAGES,
  // close explanations, margin-call warnings, order notices and their mails (our texts)
  ...NOTICES_MESSAGES,
  // brand pricing, costs, market hours and jurisdiction presets (our texts)
  ...PRICING_MESSAGES,
  // auto-trading: strategy reasons, journal lines, limits and refusals (our texts)
  ...AUTO_TRADING_MESSAGES,
  ...BO_AUTO_TRADING_MESSAGES,
  // the client's account: passwords and upload size (our texts)
  ...ACCOUNTS_MESSAGES,
  // the client's deposits and withdrawals: an expired deposit, cancelling a withdrawal (our texts)
  ...PAYMENTS_MESSAGES,
  // the client's watchlists: names, limits, unknown symbols (our texts)
  ...WATCHLISTS_MESSAGES,
  // one-click trading's settings (our texts)
  ...ONE_CLICK_MESSAGES,
  ...PRICE_ALERTS_MESSAGES,
  ...ACCOUNT_TRANSFERS_MESSAGES,
  // the client's compliance standing: screening, expired documents, the appropriateness test, due diligence
  ...COMPLIANCE_MESSAGES,
  ...APPROPRIATENESS_MESSAGES,
  // compliance tasks (back office) and the source-of-funds questions (client area)
  ...COMPLIANCE_TASKS_MESSAGES,
  // a document's details and expiry: validation, the client area's notices, the expiry mails
  ...DOCUMENT_DETAILS_MESSAGES,
  // sanctions and PEP screening: list imports and the review queue (our texts)
  ...SCREENING_MESSAGES,
} as const;

export type MessageKey = keyof typeof MESSAGES_EN;
export type MessageParams = Record<string, string | number>;

/** A message to show a user: a key plus the values its template needs. */
export interface Message {
  key: MessageKey;
  params?: MessageParams;
}

export const isMessageKey = (value: string): value is MessageKey => Object.hasOwn(MESSAGES_EN, value);

/** Renders a message with `{{param}}` interpolation; unknown placeholders stay as they are. */
export function formatMessage(message: Message, templates: Record<string, string> = MESSAGES_EN): string {
  const template = templates[message.key] ?? MESSAGES_EN[message.key];
  const params = message.params ?? {};
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
