import type { BoScreen } from '../shell/screens.js';
import { BrandPage, BrandsPage } from './index.js';

/** Brands: the list and one brand's editor. */
export const BRAND_SCREENS: readonly BoScreen[] = [
  {
    path: 'brands',
    anyOf: ['brands.manage'],
    Page: BrandsPage,
    nav: { section: 'brands', label: 'bo.nav.brands', icon: 'bi-shop' },
  },
  { path: 'brands/:id', anyOf: ['brands.manage'], Page: BrandPage },
];
