import type { TranslationKey } from './resources.js';

/** Italian: partial (spec §1); missing keys fall back to English. */
export const IT: Partial<Record<TranslationKey, string>> = {
  'page.notFound': 'Oops! Non riusciamo a trovare la pagina che stai cercando. Codice di errore: 404',
  'list.empty': 'nessun dato da mostrare',
  'positions.empty': 'nessuna posizione da mostrare',
  'login.error_message': 'Credenziali non valide.',
  'email.invalid': 'indirizzo email non valido',
  'field.requiredGeneric': 'Questo campo è obbligatorio',
  'nav.platform': 'Piattaforma',
  'nav.referrals': 'Referral',
  'nav.myAccount': 'Il mio conto',
  'nav.transactions': 'Transazioni',
  'nav.login': 'Accedi',
  'nav.register': 'Registrati',
  'nav.logout': 'Esci',
  'form.email': 'Email',
  'form.password': 'Password',
  'login.title': 'Accedi al tuo conto',
  'login.submit': 'Accedi',
  'login.forgot': 'Password dimenticata?',
  'footer.terms': 'Termini e condizioni',
  'footer.privacy': 'Informativa sulla privacy',
  'footer.contact': 'Contattaci',
  'summary.balance': 'Saldo',
  'trade.buy': 'Compra',
  'trade.sell': 'Vendi',
};
