import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBrand } from '../lib/BrandProvider.js';
import type { TranslationKey } from '../lib/i18n/keys.js';
import { SmartLink } from '../shared/content/links.js';
import { useSiteSettings } from '../shared/site/useSiteSettings.js';
import { BrandLogo } from '../ui/BrandLogo.js';

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

interface FooterLink {
  title: string;
  url: string;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const linksOf = (value: unknown): FooterLink[] =>
  Array.isArray(value)
    ? value.filter(
        (l): l is FooterLink =>
          !!l && typeof l === 'object' && typeof l.title === 'string' && typeof l.url === 'string',
      )
    : [];

/**
 * The public footer: the brand's identity, legal and company links, and the legal lines. What staff edit in the
 * back office's site settings (copyright, legal text, risk warning, footer links) wins over the
 * brand's defaults; texts render as plain text.
 */
export function Footer() {
  const { t } = useTranslation();
  const brand = useBrand();
  const site = useSiteSettings();
  const footerLinks = linksOf(site?.footer_links);
  const legalText = textOf(site?.legal_text);
  const riskWarning = textOf(site?.risk_warning);
  const copyright = textOf(site?.copyright) || brand.copyright;
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
              {footerLinks.length > 0
                ? footerLinks.map((link) => (
                    <li key={`${link.url}|${link.title}`}>
                      <SmartLink to={link.url}>{link.title}</SmartLink>
                    </li>
                  ))
                : LEGAL_LINKS.map(([to, key]) => (
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
        {riskWarning && (
          <p className="ob-risk small mt-4 mb-0 border rounded-3 p-3" data-testid="footer-risk-warning">
            {riskWarning}
          </p>
        )}
        {legalText && (
          <p className="small text-body-secondary mt-3 mb-0" style={{ whiteSpace: 'pre-line' }}>
            {legalText}
          </p>
        )}
        <p className="ob-risk small mt-4 mb-0" data-testid="footer-copyright">
          {copyright}
        </p>
      </div>
    </footer>
  );
}
