import type { AppConfig } from './config.js';
import type { Db } from './db/database.js';
import { createAccessService } from './modules/access/service.js';
import { createEventService } from './modules/event/service.js';
import { createEnergyService } from './modules/energy/service.js';
import { createNoticeService } from './modules/notice/service.js';
import { createOrgService } from './modules/org/service.js';
import { createUserService } from './modules/user/service.js';

/** Wires the domain services once; routes receive them, tests may build them without HTTP. */
export function createServices(db: Db, config: AppConfig) {
  const access = createAccessService(db);
  const users = createUserService(db);
  const orgs = createOrgService(db, access);
  const notices = createNoticeService(db, access);
  const energy = createEnergyService(access, orgs);
  const events = createEventService(db, access);
  return { config, db, access, users, orgs, notices, energy, events };
}

export type AppServices = ReturnType<typeof createServices>;
