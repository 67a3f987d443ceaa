import { MAP_DEFAULT_ZOOM } from '@openbroker/domain';
import { cleanup, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_PATH, pageAnswer, pageFixture } from '../../features/site/siteTestKit.js';
import { brandFixture, renderApp } from '../../test/renderApp.js';

// Leaflet needs a real layout engine; the map's props are what this test checks.
const maps: Record<string, unknown>[] = [];
const tiles: Record<string, unknown>[] = [];
vi.mock('react-leaflet', () => ({
  MapContainer: (props: Record<string, unknown> & { children?: ReactNode }) => {
    maps.push(props);
    return <div data-testid="leaflet-map">{props.children}</div>;
  },
  TileLayer: (props: Record<string, unknown>) => {
    tiles.push(props);
    return null;
  },
  Marker: ({ children }: { children?: ReactNode }) => <div data-testid="leaflet-marker">{children}</div>,
  Tooltip: ({ children }: { children?: ReactNode }) => <span>{children}</span>,
}));

afterEach(() => {
  cleanup();
  maps.length = 0;
  tiles.length = 0;
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('map component (spec §3 Map)', () => {
  it('centres on the location at zoom 13 by default, with a marker, on the brand’s tiles', async () => {
    renderApp('/contact', {
      brand: { ...brandFixture(), mapTileUrl: '/tiles/{z}/{x}/{y}.png' },
      api: {
        [PAGE_PATH]: pageAnswer(
          pageFixture([
            {
              component: 'map',
              settings: { location: { lat: 34.6786, lng: 33.0413 }, marker: 'Our office' },
            },
            { component: 'map', settings: { location: { lat: 51.5, lng: -0.08 }, zoom: 16 } },
          ]),
        ),
      },
    });
    await screen.findAllByTestId('leaflet-map');
    expect(maps[0]?.center).toEqual([34.6786, 33.0413]);
    expect(maps[0]?.zoom).toBe(MAP_DEFAULT_ZOOM);
    expect(MAP_DEFAULT_ZOOM).toBe(13);
    expect(maps.at(-1)?.zoom).toBe(16);
    expect(tiles[0]?.url).toBe('/tiles/{z}/{x}/{y}.png');
    expect(screen.getAllByTestId('leaflet-marker')).toHaveLength(2);
    expect(screen.getByText('Our office')).toBeTruthy();
  });

  it('leaves out a map without a usable location', async () => {
    renderApp('/contact', {
      api: {
        [PAGE_PATH]: pageAnswer(
          pageFixture([
            { component: 'map', settings: { location: { lat: 'north', lng: 3 } } },
            { component: 'heading', settings: { text: 'Find us' } },
          ]),
        ),
      },
    });
    expect(await screen.findByText('Find us')).toBeTruthy();
    expect(screen.queryByTestId('content-map')).toBeNull();
  });
});
