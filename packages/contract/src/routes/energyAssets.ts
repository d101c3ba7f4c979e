import { z } from 'zod';
import {
  assetDeleteRequest,
  assetIdParams,
  assetListRequest,
  charger,
  chargerCreate,
  chargerList,
  chargerUpdate,
  essSystem,
  essSystemCreate,
  essSystemList,
  essSystemUpdate,
  pvArray,
  pvArrayCreate,
  pvArrayList,
  pvArrayUpdate,
  windTurbine,
  windTurbineCreate,
  windTurbineList,
  windTurbineUpdate,
} from '../api/energyAssets.js';
import { defineRoute } from './define.js';

const tags = ['energy-config'];

/** The four routes of one kind of asset: list (with the devices it may bind), create, update, delete. */
function assetRoutes<K extends string, L extends z.ZodType, C extends z.ZodType, U extends z.ZodType, I extends z.ZodType>(
  kind: K,
  what: string,
  s: { list: L; create: C; update: U; item: I },
) {
  return {
    list: defineRoute({
      method: 'GET',
      path: `/api/v6/assets/${kind}`,
      tags,
      summary: `A site's ${what} and the devices they may bind`,
      query: assetListRequest,
      data: s.list,
    }),
    create: defineRoute({
      method: 'POST',
      path: `/api/v6/assets/${kind}`,
      tags,
      summary: `Add ${what.replace(/s$/, '')}`,
      permission: 'configure',
      body: s.create,
      data: s.item,
    }),
    update: defineRoute({
      method: 'PUT',
      path: `/api/v6/assets/${kind}/:id`,
      tags,
      summary: `Edit ${what.replace(/s$/, '')} (version check)`,
      permission: 'configure',
      params: assetIdParams,
      body: s.update,
      data: s.item,
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: `/api/v6/assets/${kind}/:id`,
      tags,
      summary: `Delete ${what.replace(/s$/, '')} (version check)`,
      permission: 'configure',
      params: assetIdParams,
      query: assetDeleteRequest,
      data: z.object({ id: z.number().int() }),
    }),
  };
}

/** /RunSetup/PvSet, FanSet, EssSet, ChargeSet. */
export const energyAssetsApi = {
  pv: assetRoutes('pv', 'PV arrays', { list: pvArrayList, create: pvArrayCreate, update: pvArrayUpdate, item: pvArray }),
  wind: assetRoutes('wind', 'wind turbines', { list: windTurbineList, create: windTurbineCreate, update: windTurbineUpdate, item: windTurbine }),
  ess: assetRoutes('ess', 'storage systems', { list: essSystemList, create: essSystemCreate, update: essSystemUpdate, item: essSystem }),
  charger: assetRoutes('charger', 'chargers', { list: chargerList, create: chargerCreate, update: chargerUpdate, item: charger }),
};
