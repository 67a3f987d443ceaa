import { MAP_DEFAULT_ZOOM } from '@openbroker/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../../lib/BrandProvider.js';
import { useSiteSettings } from '../site/useSiteSettings.js';
import type { BlockProps } from './blockProps.js';

// Leaflet and its stylesheet load only with a page that has a map.
const LeafletMap = lazy(() => import('./LeafletMap.js').then((module) => ({ default: module.LeafletMap })));

/** spec §3 Map: tiles come from an open map service unless the site settings name another. */
export const DEFAULT_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_ATTRIBUTION = '&copy; OpenStreetMap contributors';
const DEFAULT_HEIGHT = 360;

const isCoordinate = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** spec §3 Map: location lat/lng, zoom (default 13, spec §9), a marker at the location. */
export function MapBlock({ settings }: BlockProps<'map'>) {
  const { t } = useTranslation();
  const brand = useBrand();
  const site = useSiteSettings();
  const [offline, setOffline] = useState(false);
  const { lat, lng } = settings.location ?? {};
  if (!isCoordinate(lat, 90) || !isCoordinate(lng, 180)) return null;
  const zoom =
    typeof settings.zoom === 'number' && settings.zoom >= 0 && settings.zoom <= 20
      ? settings.zoom
      : MAP_DEFAULT_ZOOM;
  const height =
    typeof settings.height === 'number' && settings.height >= 160
      ? Math.min(settings.height, 800)
      : DEFAULT_HEIGHT;
  const tileUrl =
    brand.mapTileUrl || (typeof site?.mapTileUrl === 'string' && site.mapTileUrl) || DEFAULT_TILE_URL;
  const attribution = typeof site?.mapAttribution === 'string' ? site.mapAttribution : DEFAULT_ATTRIBUTION;
  const label = settings.marker || t('site.map.label');
  return (
    <figure
      className={`ob-map ${offline ? 'ob-map-offline' : ''}`}
      style={{ height }}
      data-testid="content-map"
      aria-label={label}
    >
      <Suspense fallback={<div className="ob-map-fallback" />}>
        <LeafletMap
          center={[lat, lng]}
          zoom={zoom}
          tileUrl={tileUrl}
          attribution={attribution}
          marker={settings.marker ?? ''}
          onTilesFailed={() => setOffline(true)}
        />
      </Suspense>
    </figure>
  );
}
