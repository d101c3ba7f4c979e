import { describe, expect, it } from 'vitest';
import { canPublish, canSubscribe, type MqttIdentity } from './acl.js';

const user: MqttIdentity = { kind: 'user', userId: 7, orgId: 3, username: 'site', sessionId: 41 };
const gateway: MqttIdentity = { kind: 'gateway', gatewayId: 1, sn: 'GW-A', projectId: 2 };

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
});
