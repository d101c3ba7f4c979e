import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export const opsRepository = {
  /** The cheapest round trip that proves the database answers. */
  ping: async (db: Db): Promise<void> => {
    await sql`select 1`.execute(db);
  },
};
