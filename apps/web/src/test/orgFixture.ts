import type { OrgNode, Project } from '@gridops/contract';

/** A small organisation for component tests: one group with two sites (Suzhou, Hefei). */
export const testProject = (id: number, name: string, name_en: string, city: string): Project => ({
  id,
  org_id: 1,
  name,
  name_en,
  address: '',
  address_en: '',
  city,
  city_en: '',
  latitude: 31,
  longitude: 120,
  timezone: 'Asia/Shanghai',
  energy_types: ['power'],
  capacity_kva: 2000,
  pv_capacity_kw: 500,
  storage_capacity_kwh: 1000,
  area_m2: 0,
});

export const testOrgTree: OrgNode[] = [
  {
    id: 1,
    parent_id: null,
    name: '长江集团',
    name_en: 'Changjiang Group',
    tier: 1,
    children: [],
    projects: [testProject(3, '苏州工业园光储充站', 'Suzhou PV-storage-charging station', 'Suzhou'), testProject(5, '合肥园区配电站', 'Hefei park substation', 'Hefei')],
  },
];

/** A fetch answer in the API's envelope. */
export const envelope = (data: unknown, code = 1, msg = 'ok') =>
  new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } });
