import { z } from 'zod';
import {
  airCreate,
  airEquipment,
  airList,
  airUpdate,
  building,
  buildingCreate,
  buildingDeleteRequest,
  buildingIdParams,
  buildingList,
  buildingListRequest,
  buildingLive,
  buildingUpdate,
  outdoorCreate,
  outdoorEquipment,
  outdoorList,
  outdoorUpdate,
  powerCreate,
  powerEquipment,
  powerList,
  powerUpdate,
  waterCreate,
  waterEquipment,
  waterList,
  waterUpdate,
} from '../api/building.js';
import { defineRoute } from './define.js';

const tags = ['building'];

/** The four routes of one smart-building set: list (with the devices and buildings it may bind), create, update, delete. */
function setRoutes<K extends string, L extends z.ZodType, C extends z.ZodType, U extends z.ZodType, I extends z.ZodType>(
  path: K,
  what: string,
  s: { list: L; create: C; update: U; item: I },
) {
  return {
    list: defineRoute({ method: 'GET', path: `/api/v6/building/${path}`, tags, summary: `A site's ${what}`, query: buildingListRequest, data: s.list }),
    create: defineRoute({ method: 'POST', path: `/api/v6/building/${path}`, tags, summary: `Add to the ${what}`, permission: 'configure', body: s.create, data: s.item }),
    update: defineRoute({
      method: 'PUT',
      path: `/api/v6/building/${path}/:id`,
      tags,
      summary: `Edit one of the ${what} (version check)`,
      permission: 'configure',
      params: buildingIdParams,
      body: s.update,
      data: s.item,
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: `/api/v6/building/${path}/:id`,
      tags,
      summary: `Delete one of the ${what} (version check)`,
      permission: 'configure',
      params: buildingIdParams,
      query: buildingDeleteRequest,
      data: z.object({ id: z.number().int() }),
    }),
  };
}

/** /RunSetup/BuildGroupSet, BuildAirSet, BuildOutdoorSet, BuildWaterSet, BuildPowerSet and /IntergralBuilding. */
export const buildingApi = {
  buildings: setRoutes('buildings', 'buildings and floors', { list: buildingList, create: buildingCreate, update: buildingUpdate, item: building }),
  air: setRoutes('air', 'HVAC equipment', { list: airList, create: airCreate, update: airUpdate, item: airEquipment }),
  outdoor: setRoutes('outdoor', 'outdoor VRF units', { list: outdoorList, create: outdoorCreate, update: outdoorUpdate, item: outdoorEquipment }),
  water: setRoutes('water', 'water pumps and tanks', { list: waterList, create: waterCreate, update: waterUpdate, item: waterEquipment }),
  power: setRoutes('power', 'lighting, lift and power circuits', { list: powerList, create: powerCreate, update: powerUpdate, item: powerEquipment }),
  live: defineRoute({
    method: 'GET',
    path: '/api/v6/building/live',
    tags,
    summary: "A site's buildings with live equipment values, floor comfort, plant COP and energy by system",
    query: buildingListRequest,
    data: buildingLive,
  }),
};
