import { UserType, type ChecklistStep, type SiteChecklist } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import { meteringRepository } from '../metering/repository.js';
import { tariffRepository } from '../metering/tariffRepository.js';
import { checklistRepository as repo, type SiteCounts } from './repository.js';

/** Most stations an overview computes (a centre of a few hundred sites sees the first 200, incomplete first). */
const OVERVIEW_LIMIT = 200;

type Counts = SiteCounts & { meteringRoot: boolean; tariffs: number };

/** A step from a count: done when every one of `total` is done (and there is at least one). */
const counted = (key: ChecklistStep['key'], route: string, done: number, total: number): ChecklistStep => ({
  key,
  state: total > 0 && done >= total ? 'done' : 'todo',
  done,
  total,
  route,
});
const flag = (key: ChecklistStep['key'], route: string, ok: boolean): ChecklistStep => ({ key, state: ok ? 'done' : 'todo', done: null, total: null, route });

/**
 * The steps in the order an installer takes them (docs/onboarding.md). Routes are console paths; members and
 * push settings live in the centre or the site user's own user centre.
 */
export function checklistSteps(c: Counts, userType: number): ChecklistStep[] {
  const centre = userType === UserType.Centre;
  return [
    flag('rooms', '/RunSetup/StationSet', c.rooms > 0),
    counted('gateways', '/RunSetup/DevMonitorSet', c.gateways_online, c.gateways),
    counted('devices', '/RunSetup/DevMonitorSet', c.devices_placed, c.devices),
    flag('diagram', '/RunSetup/SingleLineSet', c.diagrams > 0),
    flag('meteringRoot', '/EnergyManage/BranchSet', c.meteringRoot),
    flag('tariff', '/RunSetup/BillingSet', c.tariffs > 0),
    flag('alarmRules', '/RunSetup/AlarmRuleSet', c.alarm_rules > 0),
    flag('members', centre ? '/CentreUser/CentreUserManage' : '/UserCenter/UserManage', c.members > 0),
    c.breakers === 0
      ? { key: 'control', state: 'na', done: null, total: null, route: '/RunSetup/RemoteCtrlSet' }
      : counted('control', '/RunSetup/RemoteCtrlSet', c.breakers - c.breakers_unconfigured, c.breakers),
    flag('push', centre ? '/CentreUser/CentreSendmsgTools' : '/UserCenter/SendmsgTools', c.push_rules > 0),
  ];
}

/** The site checklist (issue 25 item 1), computed from the site's own data for anyone who may see the site. */
export function createChecklistService(db: Db, access: AccessService) {
  async function build(p: { id: number; name: string; name_en: string; org_id: number }, userType: number): Promise<SiteChecklist> {
    const [counts, nodes, tariffs] = await Promise.all([repo.counts(db, p.id, p.org_id), meteringRepository.nodes(db, p.id, 'power'), tariffRepository.versions(db, p.id)]);
    // Totals come from a grid (incomer) node that reads a meter: without one every total is 0 kWh.
    const meteringRoot = nodes.some((n) => n.node_type === 'grid' && n.point_id !== null);
    const steps = checklistSteps({ ...counts, meteringRoot, tariffs: tariffs.length }, userType);
    return { project_id: p.id, name: p.name, name_en: p.name_en, steps, complete: steps.filter((s) => s.state !== 'todo').length, total: steps.length };
  }

  return {
    async site(user: AuthUser, projectId: number): Promise<SiteChecklist> {
      await access.assertProject(user, projectId);
      const [p] = await repo.projects(db, [projectId]);
      return build(p!, user.userType);
    },

    async overview(user: AuthUser) {
      const { projectIds } = await access.scope(user);
      const projects = await repo.projects(db, projectIds.slice(0, OVERVIEW_LIMIT));
      const sites: SiteChecklist[] = [];
      for (const p of projects) sites.push(await build(p, user.userType));
      sites.sort((a, b) => a.complete / a.total - b.complete / b.total || a.project_id - b.project_id);
      return { sites, site_count: projectIds.length };
    },
  };
}

export type ChecklistService = ReturnType<typeof createChecklistService>;
