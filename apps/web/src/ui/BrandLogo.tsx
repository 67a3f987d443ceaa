import { useBrand } from '../app/BrandProvider.js';

/** The brand's word mark: a square in the brand colour with its initial, then the logo text. */
export function BrandLogo() {
  const brand = useBrand();
  const text = brand.theme.logoText.trim() || brand.name;
  return (
    <span className="ob-logo">
      <span className="ob-logo-mark" aria-hidden="true">
        {text.charAt(0).toUpperCase()}
      </span>
      <span className="ob-logo-text">{text}</span>
    </span>
  );
}
