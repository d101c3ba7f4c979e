import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate } from '../db/database.js';
import { apiHeaders, loginAs, startTestApp, type TestApp } from '../test-support/backends.js';

const CJK = /[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]/;

/** Every row of `table` whose English column is empty or still Chinese, as `zh → en` for the failure message. */
async function untranslated(t: TestApp, table: string, zh: string, en: string): Promise<string[]> {
  const rows = await sql<{ zh: string; en: string }>`SELECT ${sql.ref(zh)} AS zh, ${sql.ref(en)} AS en FROM ${sql.table(table)}`.execute(t.database.db);
  expect(rows.rows.length, `${table} has rows`).toBeGreaterThan(0);
  return rows.rows.filter((r) => !r.en.trim() || CJK.test(r.en)).map((r) => `${table}.${zh} ${r.zh} → '${r.en}'`);
}

/** Issue 11 item 6: every demo entity a person reads the name of has an English one. */
describe('demo seed: English names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('gives every named entity an English name, address and city', async () => {
    const columns: [string, string, string][] = [
      ['organizations', 'name', 'name_en'],
      ['projects', 'name', 'name_en'],
      ['projects', 'address', 'address_en'],
      ['projects', 'city', 'city_en'],
      ['rooms', 'name', 'name_en'],
      ['gateways', 'name', 'name_en'],
      ['devices', 'name', 'name_en'],
      ['device_points', 'name', 'name_en'],
      ['users', 'name', 'name_en'],
      ['alarm_rules', 'name', 'name_en'],
      ['meter_nodes', 'name', 'name_en'],
      ['energy_loops', 'name', 'name_en'],
      ['robots', 'name', 'name_en'],
      ['inspection_templates', 'name', 'name_en'],
      ['inspection_plans', 'name', 'name_en'],
      ['inspection_findings', 'item_name', 'item_name_en'],
      ['inspection_findings', 'checkpoint_name', 'checkpoint_name_en'],
      ['events', 'message', 'message_en'],
    ];
    const missing = (await Promise.all(columns.map(([table, zh, en]) => untranslated(t, table, zh, en)))).flat();
    expect(missing).toEqual([]);
    // People's names are pinyin; gateways are named after their site.
    const users = await t.database.db.selectFrom('users').select(['username', 'name_en']).orderBy('id').execute();
    expect(users).toEqual([
      { username: 'centre', name_en: 'Zhang Wei' },
      { username: 'site', name_en: 'Li Na' },
      { username: 'worker', name_en: 'Wang Qiang' },
      { username: 'xihu', name_en: 'Chen Jing' },
    ]);
    const gw = await t.database.db.selectFrom('gateways').select('name_en').where('sn', '=', 'GW-SZIP-01').executeTakeFirstOrThrow();
    expect(gw.name_en).toBe('Suzhou SIP PV-Storage-Charging Station gateway');
    // The robot's inspection items are stored with their English label too.
    const readings = await sql<{ item_en: string }>`SELECT r->>'item_en' AS item_en FROM robot_inspections, jsonb_array_elements(readings) r`.execute(t.database.db);
    expect(readings.rows.length).toBeGreaterThan(0);
    expect(readings.rows.filter((r) => !r.item_en || CJK.test(r.item_en))).toEqual([]);
  });

  it('serves the English forms: user info, project address and city, gateway names, reading devices', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/v6/user/login', headers: apiHeaders(), payload: { username: 'site', password: 'demo1234' } });
    const { token, userInfo } = login.json<{ data: { token: string; userInfo: { name: string; name_en: string; project_id: number } } }>().data;
    expect(userInfo).toMatchObject({ name: '李娜', name_en: 'Li Na' });
    const get = async (url: string, lang = 'en') => (await t.app.inject({ method: 'GET', url, headers: apiHeaders(token, { 'accept-language': lang }) })).json().data;
    const project = await get(`/api/v6/project/${userInfo.project_id}`);
    expect(project).toMatchObject({ address_en: 'No. 328 Xinghu Street, Suzhou Industrial Park, Suzhou, Jiangsu', city_en: 'Suzhou', city: '苏州' });
    const overview = await get(`/api/v6/distribution/overview?project_id=${userInfo.project_id}`);
    expect(overview.gateways.map((g: { name: string }) => g.name)).toEqual(['Suzhou SIP PV-Storage-Charging Station gateway']);
    const overviewZh = await get(`/api/v6/distribution/overview?project_id=${userInfo.project_id}`, 'zh');
    expect(overviewZh.gateways.map((g: { name: string }) => g.name)).toEqual(['苏州工业园光储充站 网关']);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const readings = await t.app.inject({
      method: 'POST',
      url: '/api/v6/energy/readings',
      headers: apiHeaders(token),
      payload: { project_id: userInfo.project_id, category: 'power_use', from: today, to: today },
    });
    const rows = readings.json<{ data: { rows: { device_name: string | null; device_name_en: string | null }[] } }>().data.rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.device_name_en && !CJK.test(r.device_name_en), `${r.device_name} in English`).toBeTruthy();
  });

  it('migration 0013 gives a database seeded before it the demo English forms', async () => {
    const db = t.database.db;
    // As the schema was before 0013 (the demo's Chinese values only), then migrate again.
    await sql`ALTER TABLE projects DROP COLUMN address_en, DROP COLUMN city_en;
      ALTER TABLE gateways DROP COLUMN name_en; ALTER TABLE users DROP COLUMN name_en; ALTER TABLE captures DROP COLUMN msg_en;
      DELETE FROM schema_migrations WHERE name = '0013_english_names'`.execute(db);
    expect(await migrate(db)).toEqual(['0013_english_names']);
    const missing = (
      await Promise.all(
        ([['projects', 'address', 'address_en'], ['projects', 'city', 'city_en'], ['gateways', 'name', 'name_en'], ['users', 'name', 'name_en']] as const).map(([table, zh, en]) =>
          untranslated(t, table, zh, en),
        ),
      )
    ).flat();
    expect(missing).toEqual([]);
    const centre = await loginAs(t.app, 'centre');
    const info = await t.app.inject({ method: 'GET', url: '/api/v6/user/userinfo', headers: apiHeaders(centre) });
    expect(info.json().data.name_en).toBe('Zhang Wei');
  });
});
