import type { Db } from '../../db/database.js';
import { controlConfigRepository as repo } from './configRepository.js';
import { BREAKER_KINDS } from './rules.js';

/**
 * A breaker added from the console (add, adopt, bulk import) is not remotely operable until someone configures
 * control for it on /RunSetup/RemoteCtrlSet — one explicit, audited step (configService.saveBreaker); an incomer starts
 * with the two-person rule on. Devices without a setting row (the demo's, those of earlier versions) keep the
 * old default, operable: closing them here would switch off working sites on upgrade.
 */
export async function closeNewBreakerToControl(trx: Db, d: { id: number; projectId: number; kind: string }): Promise<void> {
  if (!BREAKER_KINDS.includes(d.kind)) return;
  await repo.insertDefaultSetting(trx, { deviceId: d.id, projectId: d.projectId, controllable: false, twoPerson: d.kind === 'incomer' });
}
