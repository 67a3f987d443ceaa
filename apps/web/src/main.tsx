import 'bootstrap/dist/css/bootstrap.min.css';
import 'bootstrap-icons/font/bootstrap-icons.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { createI18n } from './app/i18n/i18n.js';
import { countReferralClick } from './features/affiliate/referralClick.js';
import { captureReferralCode } from './shared/session/authStore.js';

captureReferralCode(window.location.search, window.location.pathname + window.location.search);
countReferralClick(window.location.search);
const i18n = createI18n();
document.documentElement.lang = i18n.language;

// The installed app's offline shell (src/sw/sw.ts): production builds only, never from the back office.
// (no serviceWorker outside a secure context: nothing is registered)
if (import.meta.env.PROD && !window.location.pathname.startsWith('/backoffice'))
  window.addEventListener('load', () => navigator.serviceWorker?.register('/sw.js').catch(() => {}));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>,
);
