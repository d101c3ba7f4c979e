import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialSession, useSession } from '../session/store';
import { liveOptions, liveUrl, onLive, type LiveEnvelope } from './live';
import { dispatchPayload } from './liveWire';

describe('live client helpers', () => {
  beforeEach(() => useSession.setState({ ...initialSession }));
  afterEach(() => useSession.setState({ ...initialSession }));

  it('maps http→ws and https→wss on the configured port and path', () => {
    expect(liveUrl('http://example.com:8080', 8084, '/mqtt')).toBe('ws://example.com:8084/mqtt');
    expect(liveUrl('https://example.com', 443, 'mqtt')).toBe('wss://example.com:443/mqtt');
  });

  it('uses the spec options', () => {
    const o = liveOptions('u', 'p', 9);
    expect(o).toMatchObject({ username: 'u', password: 'p', keepalive: 60, clean: true, connectTimeout: 15000, reconnectPeriod: 15000 });
    expect(o.clientId).toMatch(/^gridops_web_9_/);
  });

  it('stores other messages with topic, msg and time; events go to listeners only', () => {
    const seen: LiveEnvelope[] = [];
    const off = onLive((m) => seen.push(m));
    dispatchPayload('t/reply', JSON.stringify({ command: 'reply', data: { ok: 1 }, timestamp: 1700000000000 }));
    dispatchPayload('t/message', JSON.stringify({ command: 'event', data: { type: 2, level: 2, msg: 'x', title: 'y' } }));
    dispatchPayload('t/message', 'not json');
    off();
    expect(seen.map((m) => m.command)).toEqual(['reply', 'event']);
    const stored = useSession.getState().mqttMessages;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ topic: 't/reply', msg: { ok: 1 }, time: 1700000000000 });
  });
});
