import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationPreview, type PreviewPoint } from './LocationPreview';

/** Country outlines from the bundled Natural Earth 1:110m data (small enough for a lazy chunk): no tile server, no network. */
const OUTLINES = feature(countries as unknown as Topology, (countries as unknown as Topology<{ countries: GeometryCollection }>).objects.countries);
const CHINA_CENTRE: L.LatLngExpression = [33, 110];

export interface LocationMapProps {
  point: { latitude: number; longitude: number } | null;
  others: PreviewPoint[];
  /** Set when the user may move the station: a click on the map picks the coordinates. */
  onPick?: ((latitude: number, longitude: number) => void) | undefined;
}

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * Where the station is, on a Leaflet map without tiles (offline): country outlines, the other sites in grey, this
 * station in red. A click on the map sets the coordinates (4 decimals, ~10 m); the
 * latitude and longitude fields stay the source of truth and can always be typed. Where Leaflet cannot start
 * (no layout, e.g. a test DOM), the SVG sketch is shown instead.
 */
export default function LocationMap({ point, others, onPick }: LocationMapProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const pick = useRef(onPick);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  useEffect(() => {
    if (!box.current) return;
    try {
      const m = L.map(box.current, { zoomControl: true, attributionControl: false, worldCopyJump: true, minZoom: 2, maxZoom: 12 }).setView(CHINA_CENTRE, 3);
      L.geoJSON(OUTLINES, { style: { color: 'rgba(128,160,255,0.55)', weight: 1, fillColor: 'rgba(64,128,255,0.10)', fillOpacity: 1 }, interactive: false }).addTo(m);
      m.on('click', (e: L.LeafletMouseEvent) => pick.current?.(round4(e.latlng.lat), round4(e.latlng.lng)));
      map.current = m;
    } catch {
      // After this effect, not inside it: the sketch replaces the map on the next render.
      void Promise.resolve().then(() => setFailed(true));
    }
    return () => {
      map.current?.remove();
      map.current = null;
      marker.current = null;
    };
  }, []);

  // The other sites, and this station's marker where the fields say it is.
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const layer = L.layerGroup(others.map((o) => L.circleMarker([o.latitude, o.longitude], { radius: 4, color: '#a0aabe', weight: 1, fillOpacity: 0.8 }))).addTo(m);
    return () => {
      layer.remove();
    };
  }, [others]);

  const lat = point?.latitude;
  const lng = point?.longitude;
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    marker.current?.remove();
    marker.current = null;
    if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return;
    marker.current = L.circleMarker([lat, lng], { radius: 7, color: '#fff', weight: 1.5, fillColor: '#ff4d4f', fillOpacity: 1 }).addTo(m);
    if (!m.getBounds().pad(-0.1).contains([lat, lng])) m.setView([lat, lng], Math.max(m.getZoom(), 5));
  }, [lat, lng]);

  if (failed) return <LocationPreview point={point} others={others} />;
  return (
    <figure style={{ margin: 0 }}>
      <div ref={box} data-testid="location-map" role="application" aria-label={t('orgAdmin.project.preview')} style={{ height: 240, borderRadius: 4, background: '#0b1830', cursor: onPick ? 'crosshair' : 'default' }} />
      <figcaption style={{ fontSize: 12, opacity: 0.65 }}>{t(onPick ? 'orgAdmin.project.mapPick' : 'orgAdmin.project.previewNote')}</figcaption>
    </figure>
  );
}
