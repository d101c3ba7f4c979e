import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { addressAllowed, canonicalAddress, hostAllowed, withHosts, type AllowList } from './addresses.js';
import { OutboundError } from './errors.js';

/** Where a request goes once checked: the name asked for and the one address it resolved to (and will connect to). */
export interface Destination {
  hostname: string;
  address: string;
  family: 4 | 6;
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole exchange, connect to last byte (default 10 s). */
  timeoutMs?: number;
  /** Larger answers are cut off and fail as 'too_large' (default 1 MB). */
  maxBytes?: number;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 1024 * 1024;

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/**
 * The one door out of the server for requests a user's settings point somewhere (webhooks, SMTP, camera
 * snapshots, the weather API): the host name is resolved once, every address it resolves to must be allowed
 * (global unicast, or named by OUTBOUND_ALLOW), and the connection goes to that very address (pinned: no second
 * lookup an attacker's DNS could answer differently). Redirects are not followed; time and answer size are bounded.
 */
export function createOutbound(allow: AllowList, resolver: Resolver = systemResolver) {
  /** Resolves and checks a host name (or address literal); throws OutboundError('blocked' | 'unreachable'). */
  async function destination(host: string): Promise<Destination> {
    const hostname = host.replace(/^\[|\]$/g, '').toLowerCase();
    if (!hostname) throw new OutboundError('bad_url');
    const nameAllowed = hostAllowed(allow, hostname);
    const literal = canonicalAddress(hostname);
    let found: { address: string; family: number }[];
    if (literal) found = [{ address: hostname, family: net.isIP(hostname) }];
    else {
      try {
        found = await resolver(hostname);
      } catch {
        throw new OutboundError('unreachable');
      }
    }
    if (found.length === 0) throw new OutboundError('unreachable');
    // One forbidden address among several refuses the name: which one a connection would take is not ours to pick.
    for (const f of found) {
      const a = canonicalAddress(f.address);
      if (!a || (!nameAllowed && !addressAllowed(allow, a))) throw new OutboundError('blocked');
    }
    const first = found[0]!;
    return { hostname, address: first.address, family: first.family === 6 ? 6 : 4 };
  }

  /** A URL of one of the schemes given, parsed; OutboundError('bad_url') otherwise. */
  function parse(url: string | URL, schemes: readonly string[]): URL {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      throw new OutboundError('bad_url');
    }
    if (!schemes.includes(u.protocol.replace(/:$/, ''))) throw new OutboundError('bad_url');
    return u;
  }

  /** One HTTP(S) exchange with a checked, pinned destination; any status is answered except 3xx (a redirect error). */
  async function request(url: string | URL, opts: OutboundRequest = {}): Promise<OutboundResponse> {
    const u = parse(url, ['http', 'https']);
    const dest = await destination(u.hostname);
    const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
    const lookup: LookupFunction = (_name, options, callback) => {
      if (options.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: dest.address, family: dest.family }]);
      else callback(null, dest.address, dest.family);
    };
    const headers: Record<string, string> = { ...opts.headers };
    if (u.username || u.password) headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`;
    const mod = u.protocol === 'https:' ? https : http;
    return new Promise<OutboundResponse>((resolve, reject) => {
      let settled = false;
      const fail = (err: OutboundError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.destroy();
        reject(err);
      };
      const req = mod.request(
        {
          protocol: u.protocol,
          hostname: dest.hostname,
          port: u.port || undefined,
          path: `${u.pathname}${u.search}`,
          method: opts.method ?? 'GET',
          headers,
          lookup,
          agent: false,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status >= 300 && status < 400) {
            res.resume();
            fail(new OutboundError('redirect', status));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > maxBytes) fail(new OutboundError('too_large'));
            else chunks.push(c);
          });
          res.on('error', () => fail(new OutboundError('unreachable')));
          res.on('end', () => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            resolve({ status, headers: res.headers, body: Buffer.concat(chunks) });
          });
        },
      );
      const timer = setTimeout(() => fail(new OutboundError('timeout')), timeoutMs);
      req.on('error', () => fail(new OutboundError('unreachable')));
      req.end(opts.body);
    });
  }

  return {
    destination,
    request,
    /**
     * Checks a URL some other program will fetch (a media URL for ffmpeg, rtsp included) and answers it with the
     * host replaced by the checked address, so that program connects where the check looked.
     */
    async pinnedUrl(url: string, schemes: readonly string[] = ['http', 'https', 'rtsp', 'rtsps']): Promise<{ url: string; destination: Destination }> {
      const u = parse(url, schemes);
      const dest = await destination(u.hostname);
      u.hostname = dest.family === 6 ? `[${dest.address}]` : dest.address;
      return { url: u.toString(), destination: dest };
    },
    /** The same guard with these host names allowed too (a service the operator configured, e.g. WEATHER_URL's host). */
    allowing: (hosts: readonly string[]) => createOutbound(withHosts(allow, hosts), resolver),
    allowList: allow,
  };
}

export type Outbound = ReturnType<typeof createOutbound>;
