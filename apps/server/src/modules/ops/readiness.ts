/** One part of the instance as /ready reports it. */
export interface PartStatus {
  ok: boolean;
  /** What is wrong (or what is right), in words an operator can act on. */
  detail: string;
}

export type Probe = () => PartStatus | Promise<PartStatus>;

/**
 * The parts /ready checks. The database probe is there from the start; the runtime adds the broker and the
 * ingest probes once it has started them (until then the instance is not ready: they are "not started").
 */
export class Readiness {
  private readonly probes = new Map<string, Probe>();

  constructor(expected: string[] = []) {
    for (const name of expected) this.probes.set(name, () => ({ ok: false, detail: 'not started yet' }));
  }

  set(name: string, probe: Probe): void {
    this.probes.set(name, probe);
  }

  /** Every probe, each bounded by `timeoutMs` (a hung database answers "no answer within …"). */
  async check(timeoutMs = 2000): Promise<{ ready: boolean; checks: Record<string, PartStatus> }> {
    const entries = await Promise.all(
      [...this.probes].map(async ([name, probe]): Promise<[string, PartStatus]> => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<PartStatus>((resolve) => {
          timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${timeoutMs} ms` }), timeoutMs);
        });
        try {
          const status = await Promise.race([Promise.resolve().then(probe), timeout]);
          return [name, status];
        } catch (e) {
          return [name, { ok: false, detail: e instanceof Error ? e.message : String(e) }];
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    return { ready: entries.every(([, s]) => s.ok), checks };
  }
}
