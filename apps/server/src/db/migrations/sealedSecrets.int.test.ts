import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createSecretBox, secretContext } from '../../lib/storedSecrets.js';
import { backends, createTestDatabase, type TestDatabase } from '../../test-support/backends.js';
import { migrate, openDatabase, type Database } from '../database.js';
import { migrations } from './index.js';

/** Migration 0048 (docs/security.md "Stored secrets"): secrets an older version stored readable are sealed on upgrade. */
describe.each(backends)('migration 0048 on %s', (backend) => {
  let tdb: TestDatabase;
  let database: Database;
  afterEach(async () => {
    await database?.close();
    await tdb?.drop();
  });

  /** A database as 0047 left it, with an SMTP password, a keyed webhook and a camera with credentials in plain text. */
  async function before0048() {
    tdb = await createTestDatabase(backend);
    database = await openDatabase({ databaseUrl: tdb.databaseUrl, pgliteDir: tdb.pgliteDir ?? 'memory://' });
    const db = database.db;
    await migrate(db, migrations.filter((m) => m.name < '0048'));
    const org = (await sql<{ id: number }>`INSERT INTO organizations (parent_id, name, name_en, tier, code) VALUES (NULL, '老客户', 'Old tenant', 1, 'OLD') RETURNING id`.execute(db)).rows[0]!.id;
    const project = (await sql<{ id: number }>`INSERT INTO projects (org_id, name, latitude, longitude) VALUES (${org}, '旧站', 31, 120) RETURNING id`.execute(db)).rows[0]!.id;
    await sql`INSERT INTO push_smtp (org_id, host, port, secure, username, password, from_addr) VALUES (${org}, 'smtp.example', 25, false, 'robot', 'Sup3rSecretSMTP!', 'a@example.com')`.execute(db);
    await sql`INSERT INTO push_channels (org_id, kind, name, url, secret) VALUES (${org}, 'dingtalk', 'Old robot', 'https://oapi.dingtalk.com/robot/send?access_token=oldtoken1', 'SECold')`.execute(db);
    await sql`INSERT INTO video_cameras (project_id, name, name_en, stream_url, snapshot_url) VALUES (${project}, '旧摄像头', 'Old cam', 'sim://testsrc2', 'http://admin:oldcam-pw@10.0.0.9/snap.jpg')`.execute(db);
    return db;
  }

  it('stops without the key rather than leave secrets readable', async () => {
    const db = await before0048();
    await expect(migrate(db)).rejects.toThrow(/0048.*SECRETS_KEY/);
    expect((await sql<{ password: string }>`SELECT password FROM push_smtp`.execute(db)).rows[0]!.password).toBe('Sup3rSecretSMTP!');
  });

  it('seals SMTP passwords, webhook URLs and secrets, and camera URLs with credentials; they open with the key', async () => {
    const db = await before0048();
    const box = createSecretBox(Buffer.alloc(32, 9), '/nonexistent');
    expect(await migrate(db, migrations, { secrets: box })).toContain('0048_sealed_secrets');
    const smtp = (await sql<{ password: string }>`SELECT password FROM push_smtp`.execute(db)).rows[0]!;
    const channel = (await sql<{ url: string; secret: string }>`SELECT url, secret FROM push_channels`.execute(db)).rows[0]!;
    const camera = (await sql<{ stream_url: string; snapshot_url: string }>`SELECT stream_url, snapshot_url FROM video_cameras`.execute(db)).rows[0]!;
    expect(JSON.stringify([smtp, channel, camera])).not.toMatch(/Sup3rSecretSMTP!|oldtoken1|SECold|oldcam-pw/);
    expect(box.open(smtp.password, secretContext.smtpPassword)).toBe('Sup3rSecretSMTP!');
    expect(box.open(channel.url, secretContext.channelUrl)).toBe('https://oapi.dingtalk.com/robot/send?access_token=oldtoken1');
    expect(box.open(channel.secret, secretContext.channelSecret)).toBe('SECold');
    expect(camera.stream_url).toBe('sim://testsrc2');
    expect(box.open(camera.snapshot_url, secretContext.cameraSnapshotUrl)).toBe('http://admin:oldcam-pw@10.0.0.9/snap.jpg');
  });
});
