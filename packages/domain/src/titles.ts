/** Human titles of form fields, used as `{{title}}` in spec §5 field messages ('{title} is required'). */
export const FIELD_TITLES = {
  first_name: 'First name',
  last_name: 'Last name',
  full_name: 'Full name',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  password: 'Password',
  current_password: 'Current password',
  new_password: 'New password',
  confirm_password: 'Confirm password',
  token: 'Token',
  agree: 'Terms & Conditions',
  country: 'Country',
  country_id: 'Country',
  birth_date: 'Birth date',
  state: 'State',
  city: 'City',
  street: 'Street',
  zip_code: 'Zip code',
  message: 'Message',
  amount: 'Amount',
  method: 'Payment method',
  comments: 'Comments',
  leverage: 'Leverage',
  direction: 'Direction',
  price: 'Price',
  symbol: 'Symbol',
  id: 'Position',
  stop_lost: 'Stop loss',
  take_profit: 'Take profit',
  where: 'Filter by',
  from: 'From',
  until: 'Until',
  file: 'File',
  type: 'Document type',
  info: 'Info',
  ref: 'Referral code',
  auto_trading: 'Auto trading',
} as const;

export type TitledField = keyof typeof FIELD_TITLES;

/** Title of a field for messages; unknown names are humanised ('zip_code' → 'Zip code'). */
export function titleFor(field: string): string {
  if (Object.hasOwn(FIELD_TITLES, field)) return FIELD_TITLES[field as TitledField];
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'This field';
}
