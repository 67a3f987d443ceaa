import { type PlatformComponents, platformComponentsOf } from '@openbroker/domain';
import { useBrand } from '../../lib/BrandProvider.js';
import { useSiteSettings } from './useSiteSettings.js';

/**
 * The client-area screens this brand offers (site settings `platform_components` with the brand's flags,
 * site settings). While the site settings load, every screen the brand's flags allow counts as on, so nothing
 * is taken away before the document says so.
 */
export function usePlatformComponents(): PlatformComponents {
  const { features } = useBrand();
  const site = useSiteSettings();
  return platformComponentsOf(site?.platform_components, features);
}

/**
 * The screens as the brand's site settings alone switch them (restricted mode left out): what redirects a
 * switched-off screen's address to the start page. Restricted mode has answers of its own (spec §2).
 */
export function useSiteSwitches(): PlatformComponents {
  const { features } = useBrand();
  const site = useSiteSettings();
  return platformComponentsOf(site?.platform_components, { ...features, restrictedMode: false });
}
