import 'leaflet/dist/leaflet.css';
import { divIcon } from 'leaflet';
import { useMemo } from 'react';
import { MapContainer, Marker, TileLayer, Tooltip } from 'react-leaflet';

export interface LeafletMapProps {
  center: [number, number];
  zoom: number;
  tileUrl: string;
  attribution: string;
  marker: string;
  /** Called when a tile cannot be loaded (offline, blocked): the frame shows a plain background. */
  onTilesFailed: () => void;
}

/**
 * The map itself (its own chunk). The marker is a CSS pin, so no image files are needed; when tiles
 * cannot be loaded (offline, blocked) the map keeps working on a plain background with its marker.
 */
export function LeafletMap({ center, zoom, tileUrl, attribution, marker, onTilesFailed }: LeafletMapProps) {
  const icon = useMemo(
    () =>
      divIcon({
        className: 'ob-map-pin',
        html: '<span class="ob-map-pin-dot"></span>',
        iconSize: [28, 28],
        iconAnchor: [14, 28],
        tooltipAnchor: [0, -28],
      }),
    [],
  );
  return (
    <MapContainer center={center} zoom={zoom} scrollWheelZoom={false} className="ob-map-canvas">
      <TileLayer url={tileUrl} attribution={attribution} eventHandlers={{ tileerror: onTilesFailed }} />
      <Marker position={center} icon={icon}>
        {marker && (
          <Tooltip direction="top" permanent>
            {marker}
          </Tooltip>
        )}
      </Marker>
    </MapContainer>
  );
}
