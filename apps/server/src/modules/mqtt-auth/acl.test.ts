import { describe, expect, it } from 'vitest';
import { canPublish, canSubscribe, clientIdAllowed, type MqttIdentity } from './acl.js';

const user: MqttIdentity = { kind: 'user', userId: 7, orgId: 3, username: 'site', sessionId: 41 };
const gateway: MqttIdentity = { kind: 'gateway', gatewayId: 1, sn: 'GW-A', projectId: 2 };
const aux: MqttIdentity = { ...gateway, aux: true };

describe('MQTT topic ACL', () => {
  it.each([
    ['v1.1/client/3/7/message', true],
    ['v1.1/client/3/7/reply', true],
    ['v1.1/client/3/7/#', true],
    ['v1.1/client/3/8/message', false],
    ['v1.1/client/4/7/message', false],
    ['v1.1/client/3/+/message', false],
    ['v1.1/client/#', false],
    ['#', false],
    ['v1.1/gateway/GW-A/telemetry', false],
  ])('user subscribe %s → %s', (topic, allowed) => {
    expect(canSubscribe(user, topic)).toBe(allowed);
  });

  it.each([
    ['v1.1/client/3/7/request', true],
    ['v1.1/client/3/7/message', false],
    ['v1.1/gateway/GW-A/telemetry', false],
    ['v1.1/client/3/8/request', false],
  ])('user publish %s → %s', (topic, allowed) => {
    expect(canPublish(user, topic)).toBe(allowed);
  });

  it.each([
    ['v1.1/gateway/GW-A/telemetry', true],
    ['v1.1/gateway/GW-A/status', true],
    ['v1.1/gateway/GW-A/capture', true],
    ['v1.1/gateway/GW-A/command/result', true],
    ['v1.1/gateway/GW-A/command', false],
    ['v1.1/gateway/GW-B/telemetry', false],
    ['v1.1/gateway/GW-A/../GW-B/telemetry', false],
    ['v1.1/client/3/7/message', false],
  ])('gateway publish %s → %s', (topic, allowed) => {
    expect(canPublish(gateway, topic)).toBe(allowed);
  });

  it('lets a gateway subscribe only to its own command topic', () => {
    expect(canSubscribe(gateway, 'v1.1/gateway/GW-A/command')).toBe(true);
    expect(canSubscribe(gateway, 'v1.1/gateway/GW-B/command')).toBe(false);
    expect(canSubscribe(gateway, 'v1.1/gateway/+/command')).toBe(false);
    expect(canSubscribe(gateway, 'v1.1/client/3/7/message')).toBe(false);
  });

  it('lets the service identity do anything', () => {
    expect(canSubscribe({ kind: 'service' }, '$share/gridops/v1.1/gateway/+/telemetry')).toBe(true);
    expect(canPublish({ kind: 'service' }, 'v1.1/client/3/7/message')).toBe(true);
  });

  describe('auxiliary publish-only sessions (username {sn}/pub)', () => {
    it.each(['telemetry', 'status', 'capture', 'ai_event', 'face_event', 'robot_round', 'command/result'])('publishes %s like the main session', (t) => {
      expect(canPublish(aux, `v1.1/gateway/GW-A/${t}`)).toBe(true);
    });

    it("never publishes commands or another gateway's topics", () => {
      expect(canPublish(aux, 'v1.1/gateway/GW-A/command')).toBe(false);
      expect(canPublish(aux, 'v1.1/gateway/GW-B/telemetry')).toBe(false);
      expect(canPublish(aux, 'v1.1/gateway/+/telemetry')).toBe(false);
    });

    it('subscribes to nothing, its own command topic included: commands reach only the main session', () => {
      for (const topic of ['v1.1/gateway/GW-A/command', 'v1.1/gateway/GW-A/#', 'v1.1/gateway/GW-A/command/result', 'v1.1/gateway/GW-B/command', '#']) {
        expect(canSubscribe(aux, topic)).toBe(false);
      }
      expect(canSubscribe(gateway, 'v1.1/gateway/GW-A/command')).toBe(true);
    });

    it.each([
      ['gw-GW-A', true, false],
      ['gw-GW-A/pub', false, true],
      ['gw-GW-A/pub-1', false, true],
      ['gw-GW-A/pub/watch', false, true],
      ['gw-GW-A-01', false, false],
      ['gw-GW-A-01/pub', false, false],
      ['gw-GW-A/sub', false, false],
      ['gw-GW-B/pub', false, false],
      ['gw-GW-A/pu', false, false],
      ['mosq-123', false, false],
    ])('client id %s: main %s, aux %s', (clientId, main, auxAllowed) => {
      expect(clientIdAllowed(gateway, clientId)).toBe(main);
      expect(clientIdAllowed(aux, clientId)).toBe(auxAllowed);
    });
  });
});
