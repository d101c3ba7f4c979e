import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalAddress, isPublicAddress } from './addresses.js';
import { createOutbound, OutboundError, parseAllowList } from './index.js';
import { restoreUrlSecrets, maskUrlSecrets } from '../urlSecrets.js';
import { createSecretBox } from '../storedSecrets.js';

const reason = async (p: Promise<unknown>) => p.then(() => 'ok', (e: unknown) => (e instanceof OutboundError ? e.reason : String(e)));

describe('outbound address policy', () => {
  it('allows only global unicast addresses, IPv4-mapped IPv6 judged as IPv4', () => {
    const internal = ['127.0.0.1', '127.8.9.10', '0.0.0.0', '0.1.2.3', '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '2002:a00:1::1'];
    for (const a of internal) expect(isPublicAddress(canonicalAddress(a)!), a).toBe(false);
    for (const a of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPublicAddress(canonicalAddress(a)!), a).toBe(true);
  });

  it('parses OUTBOUND_ALLOW and refuses what is neither CIDR, address nor host name', () => {
    const a = parseAllowList('10.20.0.0/16, 127.0.0.1 smtp.corp.example,*.cams.example,[::1],::ffff:192.168.0.0/112');
    expect([...a.hosts]).toEqual(['smtp.corp.example']);
    expect(a.suffixes).toEqual(['.cams.example']);
    expect(a.ranges.map(([r, b]) => `${r.toString()}/${b}`)).toEqual(['10.20.0.0/16', '127.0.0.1/32', '::1/128', '192.168.0.0/16']);
    expect(() => parseAllowList('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseAllowList('http://x')).toThrow(/http:\/\/x/);
  });
});

describe('the outbound guard', () => {
  let server: http.Server;
  let port: number;
  const hits: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(`${req.headers.host} ${req.url}`);
      if (req.url === '/big') return void res.end(Buffer.alloc(4096));
      if (req.url === '/hang') return;
      if (req.url === '/redirect') return void res.writeHead(301, { location: 'http://127.0.0.1/' }).end();
      res.end('hello');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses internal destinations unless allowed, by address or by name, and only http(s)', async () => {
    const closed = createOutbound(parseAllowList(''));
    expect(await reason(closed.request(`http://127.0.0.1:${port}/`))).toBe('blocked');
    expect(await reason(closed.request(`http://localhost:${port}/`))).toBe('blocked');
    expect(await reason(closed.request('file:///etc/passwd'))).toBe('bad_url');
    expect(await reason(closed.request('gopher://127.0.0.1:25/'))).toBe('bad_url');
    expect(hits).toEqual([]);
    const byAddress = createOutbound(parseAllowList('127.0.0.0/8'));
    expect((await byAddress.request(`http://127.0.0.1:${port}/`)).body.toString()).toBe('hello');
    const byName = createOutbound(parseAllowList(''), async () => [{ address: '127.0.0.1', family: 4 }]).allowing(['camera.site']);
    const res = await byName.request(`http://camera.site:${port}/x`);
    expect(res.status).toBe(200);
    expect(hits.at(-1)).toBe(`camera.site:${port} /x`);
  });

  it('connects to the address it checked (no second lookup), and refuses a name with any internal address', async () => {
    let lookups = 0;
    // A rebinding name: public on the first answer, loopback afterwards.
    const rebinding = createOutbound(parseAllowList(''), async () => (lookups++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]));
    const dest = await rebinding.destination('rebind.example');
    expect(dest).toEqual({ hostname: 'rebind.example', address: '93.184.216.34', family: 4 });
    expect(lookups).toBe(1);
    const mixed = createOutbound(parseAllowList(''), async () => [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.5', family: 4 }]);
    expect(await reason(mixed.destination('mixed.example'))).toBe('blocked');
    const pinned = await createOutbound(parseAllowList('10.0.0.0/8'), async () => [{ address: '10.1.2.3', family: 4 }]).pinnedUrl('rtsp://admin:pw@nvr.site:554/ch1');
    expect(pinned.url).toBe('rtsp://admin:pw@10.1.2.3:554/ch1');
  });

  it('follows no redirect and bounds time and size', async () => {
    const open = createOutbound(parseAllowList('127.0.0.1'));
    expect(await reason(open.request(`http://127.0.0.1:${port}/redirect`))).toBe('redirect');
    expect(await reason(open.request(`http://127.0.0.1:${port}/big`, { maxBytes: 1000 }))).toBe('too_large');
    expect(await reason(open.request(`http://127.0.0.1:${port}/hang`, { timeoutMs: 200 }))).toBe('timeout');
  });
});

describe('stored secrets', () => {
  it('are sealed per column and open only there, with the same key', () => {
    const box = createSecretBox(Buffer.alloc(32, 1), '/nonexistent');
    const sealed = box.seal('Sup3rSecretSMTP!', 'push_smtp.password');
    expect(sealed).toMatch(/^gs1:/);
    expect(sealed).not.toContain('Sup3r');
    expect(box.seal('Sup3rSecretSMTP!', 'push_smtp.password')).not.toBe(sealed);
    expect(box.open(sealed, 'push_smtp.password')).toBe('Sup3rSecretSMTP!');
    expect(() => box.open(sealed, 'push_channels.secret')).toThrow(/cannot be decrypted/);
    expect(() => createSecretBox(Buffer.alloc(32, 2), '/nonexistent').open(sealed, 'push_smtp.password')).toThrow(/SECRETS_KEY/);
    expect(() => box.open('plain', 'push_smtp.password')).toThrow(/not encrypted/);
    expect(box.seal('', 'x')).toBe('');
  });

  it('in URLs are masked and restored only for the same destination and user', () => {
    const url = 'http://admin:Cam-Pa55@10.0.0.9:8080/snap.jpg?pwd=p2&chn=1';
    expect(maskUrlSecrets(url)).toBe('http://admin:***@10.0.0.9:8080/snap.jpg?pwd=***&chn=1');
    expect(restoreUrlSecrets(maskUrlSecrets(url), url)).toEqual({ ok: true, url });
    expect(restoreUrlSecrets('http://admin:***@10.0.0.9:8080/other.jpg', url)).toEqual({ ok: true, url: 'http://admin:Cam-Pa55@10.0.0.9:8080/other.jpg' });
    for (const moved of ['http://admin:***@other-host:8080/snap.jpg', 'http://admin:***@10.0.0.9:8081/snap.jpg', 'https://admin:***@10.0.0.9:8080/snap.jpg', 'http://root:***@10.0.0.9:8080/snap.jpg']) {
      expect(restoreUrlSecrets(moved, url), moved).toEqual({ ok: false });
    }
    expect(restoreUrlSecrets('http://a:***@h/x', null)).toEqual({ ok: false });
    expect(maskUrlSecrets('https://open.feishu.cn/open-apis/bot/v2/hook/0a1b2c3d-1234-5678-9abc-def012345678')).toBe('https://open.feishu.cn/open-apis/bot/v2/hook/***');
    expect(maskUrlSecrets('sim://testsrc2')).toBe('sim://testsrc2');
  });
});
