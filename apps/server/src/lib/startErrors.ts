/** A start failure already put in an operator's words: which service, which setting, what happened. */
export class StartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartError';
  }
}

/** host:port of a URL, never its user name or password. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return '(not a URL)';
  }
}

const codeOf = (e: unknown): string | undefined => {
  if (typeof e !== 'object' || e === null) return undefined;
  const direct = 'code' in e && typeof e.code === 'string' ? e.code : undefined;
  // pg wraps a refused connection in an AggregateError (IPv4 and IPv6 attempts) on newer Node versions.
  if (!direct && e instanceof AggregateError) return codeOf(e.errors[0]);
  return direct;
};

/** What a network or protocol error means, in a few words ("refused the connection"). */
export function describeFailure(e: unknown): string {
  const code = codeOf(e);
  const message = e instanceof Error ? e.message : String(e);
  switch (code) {
    case 'ECONNREFUSED':
      return 'refused the connection (nothing listens there)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'could not be found (unknown host name)';
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'did not answer (timed out or unreachable)';
    case 'ECONNRESET':
      return 'closed the connection';
    case '28P01':
    case '28000':
      return 'refused the user name or password';
    case '3D000':
      return `has no such database (${message})`;
    default:
      break;
  }
  if (/bad user ?name or password|not authori[sz]ed/i.test(message)) return 'refused the user name or password (MQTT_SERVICE_USERNAME / MQTT_SERVICE_PASSWORD)';
  if (/timeout/i.test(message)) return 'did not answer (timed out)';
  return `failed: ${message}`;
}

/** "database at DATABASE_URL (127.0.0.1:5999) refused the connection (nothing listens there)". */
export function serviceFailure(service: string, setting: string, url: string, e: unknown): StartError {
  return new StartError(`${service} at ${setting} (${hostOf(url)}) ${describeFailure(e)}`, { cause: e });
}

/** A port another program holds: names the setting that chose it. */
export function portFailure(purpose: string, setting: string, port: number, e: unknown): StartError | unknown {
  if (codeOf(e) === 'EADDRINUSE') return new StartError(`${purpose} port ${port} (${setting}) is taken by another program; choose another with ${setting}`, { cause: e });
  if (codeOf(e) === 'EACCES') return new StartError(`${purpose} port ${port} (${setting}) may not be opened by this user (ports below 1024 need privileges); choose another with ${setting}`, { cause: e });
  return e;
}
