import type { SldKind } from '@gridops/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { palette } from '../../../shared/theme/palette';
import { BUS_COLOR, PALETTE_KINDS, SYMBOL_BOX, SymbolGlyph } from '../diagram/symbols';

/** The MIME type a palette drag carries: the symbol kind. */
export const DRAG_TYPE = 'application/x-gridops-sld-kind';

function Icon({ kind }: { kind: SldKind }) {
  if (kind === 'busbar')
    return (
      <svg width={36} height={36} aria-hidden>
        <line x1={2} y1={18} x2={34} y2={18} stroke={BUS_COLOR.lv} strokeWidth={6} strokeLinecap="round" />
      </svg>
    );
  if (kind === 'label')
    return (
      <svg width={36} height={36} aria-hidden>
        <text x={18} y={24} fill={palette.text} fontSize={16} textAnchor="middle">
          Aa
        </text>
      </svg>
    );
  const box = SYMBOL_BOX[kind];
  const scale = Math.min(1, 34 / Math.max(box.w, box.h));
  return (
    <svg width={36} height={36} viewBox="-18 -18 36 36" aria-hidden>
      <g transform={`scale(${scale})`}>
        <SymbolGlyph kind={kind} state="closed" />
      </g>
    </svg>
  );
}

/** The symbol palette: drag a symbol onto the canvas, or click it to add it in the middle of the view. */
export function Palette({ onAdd }: { onAdd: (kind: SldKind) => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="sld-palette" style={{ width: 132, flex: 'none' }}>
      <Typography.Text strong>{t('distribution.editor.palette')}</Typography.Text>
      <div style={{ fontSize: 11, color: palette.textTertiary, margin: '2px 0 6px' }}>{t('distribution.editor.paletteHint')}</div>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4 }}>
        {PALETTE_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            draggable
            data-testid={`palette-${kind}`}
            title={t(`distribution.editor.kind.${kind}`)}
            onDragStart={(e) => {
              e.dataTransfer.setData(DRAG_TYPE, kind);
              e.dataTransfer.effectAllowed = 'copy';
            }}
            onClick={() => onAdd(kind)}
            style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, padding: '4px 2px', cursor: 'grab', background: palette.bgElevated, border: `1px solid ${palette.border}`, borderRadius: 4, color: palette.textSecondary, fontSize: 11, lineHeight: 1.2 }}
          >
            <Icon kind={kind} />
            <span style={{ textAlign: 'center' }}>{t(`distribution.editor.kind.${kind}`)}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
