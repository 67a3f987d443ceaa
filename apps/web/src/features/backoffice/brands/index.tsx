/** The brand editor of the back office: the brands list and one brand's settings in tabs. */
export { BrandPage } from './BrandPage.js';
export { BrandsPage } from './BrandsPage.js';
