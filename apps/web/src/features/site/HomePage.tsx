import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand } from '../../app/BrandProvider.js';
import type { TranslationKey } from '../../app/i18n/resources.js';
import { EmptyState } from '../../ui/EmptyState.js';

const FEATURES: readonly [string, TranslationKey, TranslationKey][] = [
  ['bi-globe2', 'home.feature.markets', 'home.feature.marketsBody'],
  ['bi-shield-check', 'home.feature.protection', 'home.feature.protectionBody'],
  ['bi-person-check', 'home.feature.verified', 'home.feature.verifiedBody'],
];

/**
 * spec §2 '/': the brand's home page for visitors (logged-in clients are sent to the platform). Its
 * content-service components and the market quotes widget come with later work; until then it shows the
 * brand, the ways in, and an honest placeholder where the live quotes will be.
 */
export function HomePage() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <>
      <section className="ob-hero">
        <div className="container-xl">
          <div className="ob-hero-inner">
            <h1 className="ob-hero-title">{t('home.title', { brand: brand.name })}</h1>
            <p className="ob-hero-lead">{t('home.lead')}</p>
            <div className="d-flex flex-wrap gap-2">
              {brand.features.registrationEnabled && (
                <Link to="/register" className="btn btn-primary btn-lg">
                  {t('home.openAccount')}
                </Link>
              )}
              <Link
                to="/login"
                className={`btn btn-lg ${brand.features.registrationEnabled ? 'btn-outline-primary' : 'btn-primary'}`}
              >
                {t('home.login')}
              </Link>
            </div>
          </div>
        </div>
      </section>
      <section className="container-xl ob-section">
        <div className="row g-3">
          {FEATURES.map(([icon, title, body]) => (
            <div className="col-12 col-md-4" key={title}>
              <div className="ob-card card h-100">
                <div className="card-body">
                  <i className={`bi ${icon} ob-feature-icon`} aria-hidden="true" />
                  <h2 className="h6 mt-3 mb-1">{t(title)}</h2>
                  <p className="small text-body-secondary mb-0">{t(body)}</p>
                </div>
              </div>
            </div>
          ))}
        </div>
        <div className="ob-card card mt-4">
          <div className="card-header ob-card-header">
            <h2 className="ob-card-title">{t('home.markets')}</h2>
          </div>
          <div className="card-body">
            <EmptyState icon="bi-bar-chart-line">{t('home.marketsEmpty')}</EmptyState>
          </div>
        </div>
      </section>
    </>
  );
}
