import { useBrand } from '../app/BrandProvider.js';

/**
 * The brand's logo: its square mark (the brand's SVG when it has one, else a square in the brand colour
 * with the initial), then the logo text.
 */
export function BrandLogo() {
  const brand = useBrand();
  const text = brand.theme.logoText.trim() || brand.name;
  const logoUrl = brand.theme.logoUrl?.startsWith('/') ? brand.theme.logoUrl : null;
  return (
    <span className="ob-logo">
      {logoUrl ? (
        <img className="ob-logo-img" src={logoUrl} alt="" width={32} height={32} />
      ) : (
        <span className="ob-logo-mark" aria-hidden="true">
          {text.charAt(0).toUpperCase()}
        </span>
      )}
      <span className="ob-logo-text">{text}</span>
    </span>
  );
}
