import { describe, expect, it } from 'vitest';
import { ArgError, parseCli } from './args.js';
import { ManifestError, parseManifest, syntheticManifest } from './manifest.js';
import { simulatorManifest } from '@gridops/contract';

describe('parseCli', () => {
  it('applies the defaults', () => {
    expect(parseCli(['--manifest', 'm.json'])).toEqual({
      help: false,
      mqttUrl: 'mqtt://127.0.0.1:1883',
      manifestPath: 'm.json',
      synthetic: null,
      intervalMs: 5000,
      faultRate: 5000 / 3_600_000,
      aiRatePerHour: 3,
      bufferSize: 10_000,
    });
  });

  it('parses the server’s invocation and the load-test flags', () => {
    const cmd = parseCli(['--mqtt', 'mqtt://10.0.0.2:11883', '--manifest', '/d/manifest.json', '--interval', '2000']);
    expect(cmd).toMatchObject({ mqttUrl: 'mqtt://10.0.0.2:11883', intervalMs: 2000, faultRate: 2000 / 3_600_000 });
    expect(parseCli(['--gateways', '40', '--devices', '50', '--points', '4', '--fault-rate', '0'])).toMatchObject({
      manifestPath: null,
      synthetic: { gateways: 40, devices: 50, points: 4 },
      faultRate: 0,
      aiRatePerHour: 0,
    });
    expect(parseCli(['--manifest', 'm.json', '--ai-rate', '0.5'])).toMatchObject({ aiRatePerHour: 0.5 });
    expect(() => parseCli(['--manifest', 'm.json', '--ai-rate', '-1'])).toThrow(/--ai-rate/);
    expect(parseCli(['--gateways', '2'])).toMatchObject({ synthetic: { gateways: 2, devices: 10, points: 11 } });
    expect(parseCli(['--help'])).toEqual({ help: true });
    expect(parseCli(['-h'])).toEqual({ help: true });
  });

  it.each([
    [['--bogus'], /Unknown option/],
    [['--manifest'], /argument missing/],
    [[], /give --manifest/],
    [['--manifest', 'm.json', '--gateways', '3'], /not both/],
    [['--manifest', 'm.json', '--devices', '3'], /only apply with --gateways/],
    [['--manifest', 'm.json', '--interval', 'fast'], /--interval must be an integer/],
    [['--manifest', 'm.json', '--interval', '10'], /--interval must be an integer from 100/],
    [['--manifest', 'm.json', '--fault-rate', '2'], /--fault-rate must be a number from 0 to 1/],
    [['--manifest', 'm.json', '--fault-rate', ''], /--fault-rate/],
    [['--manifest', 'm.json', '--mqtt', 'not a url'], /--mqtt must be a URL/],
    [['--manifest', 'm.json', '--mqtt', 'http://x:1883'], /unsupported protocol/],
    [['--gateways', '0'], /--gateways must be an integer from 1/],
    [['--gateways', '2', '--points', '13'], /--points must be an integer from 1 to 12/],
    [['m.json'], /Unexpected argument/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(ArgError);
    expect(() => parseCli(argv)).toThrow(message);
  });
});

describe('manifest', () => {
  const gw = { sn: 'GW-1', secret: 's', project_id: 1, project_name: 'P', latitude: 31.3, longitude: 120.7, timezone: 'Asia/Shanghai' };

  it('accepts a valid manifest and fills device props', () => {
    const m = parseManifest(JSON.stringify({ gateways: [{ ...gw, devices: [{ sn: 'T1', kind: 'transformer', name: 'T1' }] }] }));
    expect(m.gateways[0]!.devices[0]!.props).toEqual({});
  });

  it('explains what is wrong', () => {
    expect(() => parseManifest('{', 'x.json')).toThrow(/x.json: not valid JSON/);
    expect(() => parseManifest(JSON.stringify({ gateways: [{ ...gw, devices: [{ sn: 'T1', kind: 'toaster', name: 'T1' }] }] }))).toThrow(
      /gateways\.0\.devices\.0\.kind/,
    );
    expect(() => parseManifest(JSON.stringify({ gateways: [{ ...gw, devices: [] }, { ...gw, devices: [] }] }))).toThrow(ManifestError);
  });

  it('generates a synthetic load-test manifest that matches the schema and bench naming', () => {
    const m = syntheticManifest(3, 5);
    expect(simulatorManifest.parse(m)).toEqual(m);
    expect(m.gateways.map((g) => [g.sn, g.secret])).toEqual([
      ['LOAD-0', 'load-secret-0'],
      ['LOAD-1', 'load-secret-1'],
      ['LOAD-2', 'load-secret-2'],
    ]);
    expect(m.gateways[2]!.devices.map((d) => d.sn)).toEqual(['M0', 'M1', 'M2', 'M3', 'M4']);
  });
});
