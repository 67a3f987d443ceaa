import type { TranslationKey } from './resources.js';

/** Spanish: partial (spec §1); missing keys fall back to English. */
export const ES: Partial<Record<TranslationKey, string>> = {
  'page.notFound': '¡Vaya! No encontramos la página que buscas. Código de error: 404',
  'list.empty': 'no hay datos para mostrar',
  'positions.empty': 'no hay posiciones para mostrar',
  'login.error_message': 'Credenciales no válidas.',
  'email.invalid': 'dirección de correo electrónico no válida',
  'field.requiredGeneric': 'Este campo es obligatorio',
  'nav.platform': 'Plataforma',
  'nav.referrals': 'Referidos',
  'nav.myAccount': 'Mi cuenta',
  'nav.transactions': 'Transacciones',
  'nav.login': 'Iniciar sesión',
  'nav.register': 'Registrarse',
  'nav.logout': 'Cerrar sesión',
  'form.email': 'Correo electrónico',
  'form.password': 'Contraseña',
  'login.title': 'Inicia sesión en tu cuenta',
  'login.submit': 'Iniciar sesión',
  'login.forgot': '¿Olvidaste tu contraseña?',
  'footer.terms': 'Términos y condiciones',
  'footer.privacy': 'Política de privacidad',
  'footer.contact': 'Contacto',
  'summary.balance': 'Saldo',
  'trade.buy': 'Comprar',
  'trade.sell': 'Vender',
};
