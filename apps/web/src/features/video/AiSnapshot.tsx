import type { AiEvent } from '@gridops/contract';
import { boxColor, boxLabel, boxStyle } from './boxes';

/** A detection's snapshot with its boxes drawn over it (optionally with their labels). */
export function AiSnapshot({ event, showBoxes, showLabels }: { event: AiEvent; showBoxes: boolean; showLabels: boolean }) {
  const color = boxColor(event.type);
  return (
    <div style={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', background: '#000' }} data-testid={`ai-snapshot-${event.id}`}>
      <img src={event.snapshot} alt={event.type} style={{ width: '100%', height: '100%', objectFit: 'fill', display: 'block' }} />
      {showBoxes &&
        event.boxes.map((b, i) => (
          <div key={i} style={boxStyle(b, { color, showLabel: showLabels })} data-testid="ai-box">
            {showLabels && boxLabel(b, true) && (
              <span style={{ position: 'absolute', left: -2, top: -18, background: color, color: '#000', fontSize: 11, padding: '0 3px', whiteSpace: 'nowrap' }}>{boxLabel(b, true)}</span>
            )}
          </div>
        ))}
    </div>
  );
}
