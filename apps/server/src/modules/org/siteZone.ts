import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { orgRepository } from './repository.js';

/** The site's IANA time zone; callers check access to the project first. */
export async function siteZone(db: Db, projectId: number): Promise<string> {
  const zone = await orgRepository.projectZone(db, projectId);
  if (zone === undefined) throw notFound();
  return zone;
}
