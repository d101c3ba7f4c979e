import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientTopics } from '@gridops/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { backends, createTestDatabase, type TestDatabase } from '../../test-support/backends.js';
import { createNotifier } from './notifier.js';
import type { RaisedEvent } from './raisedEvent.js';

/**
 * The live push's recipient list is cached: within its TTL it is used as is; for a while after, a push goes
 * out to the cached list while the list is read again beside it (no push waits for that query); past that, a
 * push waits for the query, so a list older than a minute is never used.
 */
describe.each(backends)('live event recipients on %s', (backend) => {
  let tdb: TestDatabase;
  let database: Database;
  let projectId = 0;
  let siteUser = { id: 0, orgId: 0 };
  const quiet = () => undefined;
  const log = { info: quiet, warn: quiet, error: quiet, debug: quiet } as unknown as FastifyBaseLogger;

  beforeAll(async () => {
    // Migrated and demo-seeded (no energy history): a copy of this run's template.
    tdb = await createTestDatabase(backend, { template: 'seeded' });
    database = await tdb.open();
    const member = await database.db
      .selectFrom('users as u')
      .innerJoin('user_projects as up', 'up.user_id', 'u.id')
      .select(['u.id', 'u.org_id', 'up.project_id'])
      .where('u.user_type', '=', 1)
      .where('u.enabled', '=', true)
      .orderBy('u.id')
      .executeTakeFirstOrThrow();
    projectId = member.project_id;
    siteUser = { id: member.id, orgId: member.org_id };
  });
  afterEach(() => void vi.useRealTimers());
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  it('pushes to the cached list for a minute, reading it again beside the push after half a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.now();
    const topics: string[] = [];
    const notifier = createNotifier(database.db, async (topic) => void topics.push(topic), log);
    const event = (eventId: number): RaisedEvent => ({ eventId, projectId, type: 1, level: 1, project: { zh: '站', en: 'Site' }, text: { key: 'gateway.commLost', params: { gateway: 'GW-TEST' } }, raisedAt: Date.now() });
    const reachedSiteUser = () => topics.includes(clientTopics(siteUser.orgId, siteUser.id).message);
    const push = async (id: number) => {
      topics.length = 0;
      await notifier.notify([event(id)]);
      return reachedSiteUser();
    };

    expect(await push(1)).toBe(true);
    await database.db.updateTable('users').set({ enabled: false }).where('id', '=', siteUser.id).execute();
    try {
      vi.setSystemTime(t0 + 10_000);
      expect(await push(2)).toBe(true); // within the TTL: the list in memory
      vi.setSystemTime(t0 + 40_000);
      expect(await push(3)).toBe(true); // past the TTL: still the cached list, the new one read beside it
      await vi.waitFor(async () => expect(await push(4)).toBe(false)); // the list read beside the push is in use
      await database.db.updateTable('users').set({ enabled: true }).where('id', '=', siteUser.id).execute();
      vi.setSystemTime(t0 + 150_000);
      expect(await push(5)).toBe(true); // older than a minute: the push waited for the list
    } finally {
      await database.db.updateTable('users').set({ enabled: true }).where('id', '=', siteUser.id).execute();
    }
  });
});
