import { describe, expect, it } from 'vitest';
import { aiEventPayload } from './api/aiSecurity.js';

const ok = { id: 'box-1', ts: Date.UTC(2026, 10, 25, 8), camera: 'SZIP-CAM1', type: 'no_helmet', confidence: 0.87, boxes: [{ x: 0.1, y: 0.2, w: 0.1, h: 0.3, label: 'person', score: 0.9 }], snapshot: 'data:image/jpeg;base64,/9j/' };

describe('AI event payload (gateway protocol)', () => {
  it('accepts an NVR-style detection', () => {
    expect(aiEventPayload.parse(ok)).toMatchObject({ camera: 'SZIP-CAM1', type: 'no_helmet' });
    expect(aiEventPayload.parse({ ...ok, boxes: undefined }).boxes).toEqual([]);
  });

  it.each([
    ['unknown type', { type: 'dancing' }, 'type'],
    ['confidence above 1', { confidence: 1.2 }, 'confidence'],
    ['box outside the picture', { boxes: [{ x: 0.9, y: 0.1, w: 0.3, h: 0.1 }] }, 'boxes'],
    ['snapshot not an image data URL', { snapshot: 'http://evil.example/x.jpg' }, 'snapshot'],
    ['timestamp in seconds', { ts: 1795600000 }, 'ts'],
    ['no camera', { camera: '' }, 'camera'],
  ])('refuses %s, naming the field', (_name, patch, field) => {
    const r = aiEventPayload.safeParse({ ...ok, ...patch });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path[0]).toBe(field);
  });
});
