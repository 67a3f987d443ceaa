import type { MessageKey } from '@openbroker/domain';

/** Texts of sign-in, sign-up, auto-login and password reset. */
export const AUTH_EN = {
  'login.title': 'Log in to your account',
  'login.lead': 'Welcome back. Enter your email and password to continue.',
  'login.submit': 'Log in',
  'login.forgot': 'Forgot password?',
  'login.noAccount': 'New here?',
  'login.register': 'Open an account',
  'login.sessionEnded': 'Your session has ended. Please log in again.',
  'autoLogin.title': 'Signing you in',
  'autoLogin.lead': 'One moment: you will be logged in automatically.',
  'autoLogin.button': 'Log in now',
  'autoLogin.toLogin': 'Go to the login page',
  'forgot.title': 'Forgot your password?',
  'forgot.lead':
    'Enter the email address of your account and we will send you a link to choose a new password.',
  'forgot.submit': 'Send reset link',
  'forgot.sentTitle': 'We have sent you an email',
  'forgot.sentBody':
    'Open the link in the email to choose a new password. It can take a few minutes to arrive.',
  'forgot.backToLogin': 'Back to login',
  'reset.title': 'Choose a new password',
  'reset.lead': 'Enter your new password twice.',
  'reset.submit': 'Save new password',
  'reset.doneTitle': 'Your password has been changed',
  'reset.doneBody': 'You can now log in with your new password.',
  'register.title': 'Open your trading account',
  'register.lead': 'It takes a minute. You will complete your profile and verify your identity afterwards.',
  'register.agree': 'I agree to the <terms>Terms & Conditions</terms>',
  'register.submit': 'Create account',
  'register.haveAccount': 'Already have an account?',
  'register.login': 'Log in',
  // shown for every address (the server answers alike whether it has an account or not)
  'safety.forgot.sentTitle': 'Check your email',
  'safety.forgot.sentBody':
    'If an account exists for this address, we have sent it a link to choose a new password. It can take a few minutes to arrive.',
} as const;

/** German: complete by type, a key missing here is a compile error. */
export const AUTH_DE: Record<keyof typeof AUTH_EN, string> & Partial<Record<MessageKey, string>> = {
  'password.mismatch': 'Die Passwörter stimmen nicht überein',
  'register.agreeRequired': 'Sie müssen den Allgemeinen Geschäftsbedingungen zustimmen',
  'login.error_message': 'Ungültige Zugangsdaten.',
  'login.auto.error': 'Der Link zur automatischen Anmeldung ist ungültig oder abgelaufen.',
  'register.error_message': 'Diese E-Mail-Adresse ist bereits registriert',
  'auth.invalidCredentials': 'Ungültige Zugangsdaten.',
  'auth.emailNotExist': 'Diese E-Mail-Adresse existiert nicht.',
  'auth.emailTaken': 'Diese E-Mail-Adresse ist bereits registriert',
  'password.currentWrong': 'Das aktuelle Passwort ist nicht korrekt',
  'auth.throttled':
    'Zu viele fehlgeschlagene Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  'register.disabled': 'Eine Registrierung ist auf dieser Website nicht möglich.',
  'password.resetInvalid':
    'Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
  'login.title': 'Bei Ihrem Konto anmelden',
  'login.lead': 'Willkommen zurück. Geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.',
  'login.submit': 'Anmelden',
  'login.forgot': 'Passwort vergessen?',
  'login.noAccount': 'Neu hier?',
  'login.register': 'Konto eröffnen',
  'login.sessionEnded': 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  'autoLogin.title': 'Sie werden angemeldet',
  'autoLogin.lead': 'Einen Moment: Sie werden automatisch angemeldet.',
  'autoLogin.button': 'Jetzt anmelden',
  'autoLogin.toLogin': 'Zur Anmeldeseite',
  'forgot.title': 'Passwort vergessen?',
  'forgot.lead':
    'Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort wählen können.',
  'forgot.submit': 'Link senden',
  'forgot.sentTitle': 'Wir haben Ihnen eine E-Mail gesendet',
  'forgot.sentBody':
    'Öffnen Sie den Link in der E-Mail, um ein neues Passwort zu wählen. Es kann einige Minuten dauern, bis sie ankommt.',
  'forgot.backToLogin': 'Zurück zur Anmeldung',
  'reset.title': 'Neues Passwort wählen',
  'reset.lead': 'Geben Sie Ihr neues Passwort zweimal ein.',
  'reset.submit': 'Neues Passwort speichern',
  'reset.doneTitle': 'Ihr Passwort wurde geändert',
  'reset.doneBody': 'Sie können sich jetzt mit Ihrem neuen Passwort anmelden.',
  'register.title': 'Eröffnen Sie Ihr Handelskonto',
  'register.lead':
    'Das dauert nur eine Minute. Anschließend vervollständigen Sie Ihr Profil und bestätigen Ihre Identität.',
  'register.agree': 'Ich stimme den <terms>Allgemeinen Geschäftsbedingungen</terms> zu',
  'register.submit': 'Konto erstellen',
  'register.haveAccount': 'Sie haben bereits ein Konto?',
  'register.login': 'Anmelden',
  'safety.forgot.sentTitle': 'Prüfen Sie Ihr E-Mail-Postfach',
  'safety.forgot.sentBody':
    'Wenn zu dieser Adresse ein Konto besteht, haben wir ihr einen Link gesendet, mit dem Sie ein neues Passwort wählen können. Es kann einige Minuten dauern, bis die E-Mail ankommt.',
  // domain messages-accounts.ts
  'password.sameAsCurrent': 'Das neue Passwort muss sich von Ihrem aktuellen Passwort unterscheiden',
};

export const AUTH_ES: Partial<Record<keyof typeof AUTH_EN | MessageKey, string>> = {
  'login.error_message': 'Credenciales no válidas.',
  'login.title': 'Inicia sesión en tu cuenta',
  'login.submit': 'Iniciar sesión',
  'login.forgot': '¿Olvidaste tu contraseña?',
};

export const AUTH_IT: Partial<Record<keyof typeof AUTH_EN | MessageKey, string>> = {
  'login.error_message': 'Credenziali non valide.',
  'login.title': 'Accedi al tuo conto',
  'login.submit': 'Accedi',
  'login.forgot': 'Password dimenticata?',
};
