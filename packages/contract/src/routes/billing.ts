import { z } from 'zod';
import {
  billingTariff,
  billingTariffCreate,
  billingTariffParams,
  billingTariffsRequest,
  billingTariffUpdate,
} from '../api/billing.js';
import { defineRoute } from './define.js';

const tags = ['billing'];

/** /RunSetup/BillingSet: a site's tariffs with their validity periods. */
export const billingApi = {
  tariffs: defineRoute({
    method: 'GET',
    path: '/api/v6/billing/tariffs',
    tags,
    summary: "A site's tariffs, oldest validity first",
    query: billingTariffsRequest,
    data: z.array(billingTariff),
  }),
  createTariff: defineRoute({
    method: 'POST',
    path: '/api/v6/billing/tariffs',
    tags,
    summary: 'Add a tariff (validity must not overlap another; each month covers the day exactly once)',
    permission: 'configure',
    body: billingTariffCreate,
    data: billingTariff,
  }),
  updateTariff: defineRoute({
    method: 'PUT',
    path: '/api/v6/billing/tariffs/:id',
    tags,
    summary: 'Edit a tariff (version check)',
    permission: 'configure',
    params: billingTariffParams,
    body: billingTariffUpdate,
    data: billingTariff,
  }),
  deleteTariff: defineRoute({
    method: 'DELETE',
    path: '/api/v6/billing/tariffs/:id',
    tags,
    summary: 'Delete a tariff',
    permission: 'configure',
    params: billingTariffParams,
    data: z.object({ id: z.number().int() }),
  }),
};
