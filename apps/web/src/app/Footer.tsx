import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../ui/BrandLogo.js';
import { useBrand } from './BrandProvider.js';
import type { TranslationKey } from './i18n/resources.js';

const LEGAL_LINKS: readonly [string, TranslationKey][] = [
  ['/terms-conditions', 'footer.terms'],
  ['/cookies-policy', 'footer.cookies'],
  ['/aml-policy', 'footer.aml'],
  ['/kyc-policy', 'footer.kyc'],
  ['/privacy-policy', 'footer.privacy'],
];

const COMPANY_LINKS: readonly [string, TranslationKey][] = [
  ['/about', 'footer.about'],
  ['/contact-us', 'footer.contact'],
];

export function Footer() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <footer className="ob-footer">
      <div className="container-xl">
        <div className="row gy-4">
          <div className="col-12 col-md-5">
            <BrandLogo />
            {brand.legalName && <p className="small text-body-secondary mt-3 mb-1">{brand.legalName}</p>}
            {brand.supportEmail && (
              <p className="small mb-0">
                <a href={`mailto:${brand.supportEmail}`} className="link-secondary">
                  {t('footer.support', { email: brand.supportEmail })}
                </a>
              </p>
            )}
          </div>
          <nav className="col-6 col-md-4" aria-label={t('footer.legal')}>
            <h2 className="ob-footer-heading">{t('footer.legal')}</h2>
            <ul className="list-unstyled mb-0">
              {LEGAL_LINKS.map(([to, key]) => (
                <li key={to}>
                  <Link to={to}>{t(key)}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav className="col-6 col-md-3" aria-label={t('footer.company')}>
            <h2 className="ob-footer-heading">{t('footer.company')}</h2>
            <ul className="list-unstyled mb-0">
              {COMPANY_LINKS.map(([to, key]) => (
                <li key={to}>
                  <Link to={to}>{t(key)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        {/* The brand's own legal line: copyright and, where the brand has one, its risk warning. */}
        <p className="ob-risk small mt-4 mb-0">{brand.copyright}</p>
      </div>
    </footer>
  );
}
