import { describe, expect, it } from 'vitest';
import { boxColor, boxLabel, boxStyle } from './boxes';

describe('AI detection boxes', () => {
  it('sit over the snapshot in percentages of the picture', () => {
    expect(boxStyle({ x: 0.1, y: 0.25, w: 0.2, h: 0.5 }, { color: '#f00', showLabel: true })).toMatchObject({ position: 'absolute', left: '10%', top: '25%', width: '20%', height: '50%', border: '2px solid #f00' });
    expect(boxStyle({ x: 0.123456, y: 0, w: 0.5, h: 1 }, { color: '#f00', showLabel: false })).toMatchObject({ left: '12.35%', overflow: 'hidden' });
  });

  it('label with class and score only when labels are on', () => {
    expect(boxLabel({ x: 0, y: 0, w: 0.1, h: 0.1, label: 'person', score: 0.921 }, true)).toBe('person 92%');
    expect(boxLabel({ x: 0, y: 0, w: 0.1, h: 0.1, label: 'person' }, true)).toBe('person');
    expect(boxLabel({ x: 0, y: 0, w: 0.1, h: 0.1, label: 'person', score: 0.9 }, false)).toBe('');
  });

  it('colour fire red and missing safety gear orange', () => {
    expect(boxColor('fire_smoke')).toBe('#ff4d4f');
    expect(boxColor('no_helmet')).toBe('#fa8c16');
    expect(boxColor('intrusion')).toBe('#fadb14');
  });
});
