import { useTranslation } from 'react-i18next';

export interface PreviewPoint {
  id: number;
  latitude: number;
  longitude: number;
}

const W = 260;
const H = 150;
const PAD = 14;

/**
 * A small offline sketch of where the station lies relative to the other sites in view (no base map, no
 * tiles: nothing to download). It catches the common mistakes — latitude and longitude swapped, a sign lost —
 * at a glance; the numbers in the form are what is stored.
 */
export function LocationPreview({ point, others }: { point: { latitude: number; longitude: number } | null; others: PreviewPoint[] }) {
  const { t } = useTranslation();
  const valid = point && Number.isFinite(point.latitude) && Number.isFinite(point.longitude);
  const all = [...others, ...(valid ? [point] : [])];
  const lats = all.map((p) => p.latitude);
  const lngs = all.map((p) => p.longitude);
  const minLat = Math.min(...lats, valid ? point.latitude - 1 : 0);
  const maxLat = Math.max(...lats, valid ? point.latitude + 1 : 1);
  const minLng = Math.min(...lngs, valid ? point.longitude - 1 : 0);
  const maxLng = Math.max(...lngs, valid ? point.longitude + 1 : 1);
  const x = (lng: number) => PAD + ((lng - minLng) / (maxLng - minLng || 1)) * (W - 2 * PAD);
  const y = (lat: number) => H - PAD - ((lat - minLat) / (maxLat - minLat || 1)) * (H - 2 * PAD);
  return (
    <figure style={{ margin: 0 }} data-testid="location-preview">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={t('orgAdmin.project.preview')} style={{ background: 'rgba(64,128,255,0.08)', borderRadius: 4, maxWidth: W, display: 'block' }}>
        {[0.25, 0.5, 0.75].map((f) => (
          <g key={f} stroke="rgba(128,160,255,0.25)">
            <line x1={PAD + f * (W - 2 * PAD)} x2={PAD + f * (W - 2 * PAD)} y1={PAD} y2={H - PAD} />
            <line y1={PAD + f * (H - 2 * PAD)} y2={PAD + f * (H - 2 * PAD)} x1={PAD} x2={W - PAD} />
          </g>
        ))}
        {others.map((p) => (
          <circle key={p.id} cx={x(p.longitude)} cy={y(p.latitude)} r={3} fill="rgba(160,170,190,0.8)" />
        ))}
        {valid && <circle cx={x(point.longitude)} cy={y(point.latitude)} r={6} fill="#ff4d4f" stroke="#fff" strokeWidth={1.5} data-testid="preview-point" />}
        <text x={PAD} y={H - 3} fontSize={10} fill="rgba(160,170,190,0.9)">
          {minLng.toFixed(1)}°
        </text>
        <text x={W - PAD} y={H - 3} fontSize={10} fill="rgba(160,170,190,0.9)" textAnchor="end">
          {maxLng.toFixed(1)}°
        </text>
        <text x={3} y={PAD + 8} fontSize={10} fill="rgba(160,170,190,0.9)">
          {maxLat.toFixed(1)}°
        </text>
      </svg>
      <figcaption style={{ fontSize: 12, opacity: 0.65 }}>{t('orgAdmin.project.previewNote')}</figcaption>
    </figure>
  );
}
