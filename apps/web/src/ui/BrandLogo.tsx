import { useBrand } from '../lib/BrandProvider.js';
import './BrandLogo.css';

/**
 * The brand's logo: its uploaded image at the header's height in its own proportions (square or wide), else
 * a square in the brand colour with the initial; then the logo text.
 */
export function BrandLogo() {
  const brand = useBrand();
  const text = brand.theme.logoText.trim() || brand.name;
  const logoUrl = brand.theme.logoUrl?.startsWith('/') ? brand.theme.logoUrl : null;
  return (
    <span className="ob-logo">
      {logoUrl ? (
        <img className="ob-logo-img" src={logoUrl} alt="" height={32} data-testid="brand-logo-img" />
      ) : (
        <span className="ob-logo-mark" aria-hidden="true">
          {text.charAt(0).toUpperCase()}
        </span>
      )}
      <span className="ob-logo-text">{text}</span>
    </span>
  );
}
