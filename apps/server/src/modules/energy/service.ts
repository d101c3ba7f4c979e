import type { DaySunInfo } from '@gridops/contract';
import type { AuthUser } from '../../types.js';
import type { AccessService } from '../access/service.js';
import type { OrgService } from '../org/service.js';
import { computeSunTimes } from './sunInfo.js';

export function createEnergyService(access: AccessService, orgs: OrgService) {
  return {
    async daySunInfo(user: AuthUser, projectId: number, now = new Date()): Promise<DaySunInfo> {
      await access.assertProject(user, projectId);
      const p = await orgs.projectRow(projectId);
      return {
        project_id: p.id,
        timezone: p.timezone,
        // "lon,lat" is the {location} form weather services take.
        location: `${p.longitude.toFixed(2)},${p.latitude.toFixed(2)}`,
        latitude: p.latitude,
        longitude: p.longitude,
        ...computeSunTimes(now, p.latitude, p.longitude, p.timezone),
      };
    },
  };
}
