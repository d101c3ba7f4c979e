import type { Db } from '../../db/database.js';
import { closeNewBreakerToControl } from '../control/newBreakers.js';
import { rootFirstIncomer } from '../metering/autoRoot.js';
import { gatewaysRepository as repo } from './repository.js';

/**
 * Every way a device is registered from the console (add, adopt, bulk import) goes through here, inside the
 * caller's transaction: the device with its points, and the safe defaults a new device starts with.
 */
export async function registerDevice(trx: Db, d: Parameters<typeof repo.insertDevice>[1]): Promise<number> {
  const id = await repo.insertDevice(trx, d);
  await closeNewBreakerToControl(trx, { id, projectId: d.projectId, kind: d.kind });
  await rootFirstIncomer(trx, { id, projectId: d.projectId, kind: d.kind, name: d.name, nameEn: d.nameEn });
  return id;
}
