import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export const weatherRepository = {
  projectLocation: (db: Db, projectId: number) =>
    db.selectFrom('projects').select(['id', 'latitude', 'longitude']).where('id', '=', projectId).executeTakeFirst(),

  cached: (db: Db, projectId: number) =>
    db.selectFrom('weather_cache').select(['provider', 'observation', 'fetched_at']).where('project_id', '=', projectId).executeTakeFirst(),

  store: (db: Db, projectId: number, provider: string, observation: object) =>
    db
      .insertInto('weather_cache')
      .values({ project_id: projectId, provider, observation: JSON.stringify(observation), fetched_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column('project_id').doUpdateSet({ provider, observation: JSON.stringify(observation), fetched_at: sql<Date>`now()` }))
      .returning('fetched_at')
      .executeTakeFirstOrThrow(),
};
