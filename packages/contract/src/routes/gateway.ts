import {
  adoptDeviceRequest,
  adoptedDevice,
  gatewayCreate,
  gatewayCredentials,
  gatewayDone,
  gatewayIdParams,
  gatewayList,
  gatewayProjectQuery,
  gatewayRow,
  unknownDeviceList,
} from '../api/gateway.js';
import { defineRoute } from './define.js';

const tags = ['gateway'];

/** /RunSetup/DevMonitorSet: a project's gateways, their credentials, and devices heard but not registered. */
export const gatewayApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v6/gateway/list',
    tags,
    summary: "A project's gateways: online state, last message, device counts",
    query: gatewayProjectQuery,
    data: gatewayList,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/v6/gateway',
    tags,
    summary: 'Register a gateway by serial number (unique); it has no credentials yet',
    body: gatewayCreate,
    data: gatewayRow,
  }),
  issueCredentials: defineRoute({
    method: 'POST',
    path: '/api/v6/gateway/:id/credentials',
    tags,
    summary: 'Issue or rotate the secret (shown once); the old one stops working and its client is disconnected',
    params: gatewayIdParams,
    data: gatewayCredentials,
  }),
  revokeCredentials: defineRoute({
    method: 'DELETE',
    path: '/api/v6/gateway/:id/credentials',
    tags,
    summary: 'Revoke the secret: the gateway can no longer connect and is disconnected',
    params: gatewayIdParams,
    data: gatewayDone,
  }),
  unknownDevices: defineRoute({
    method: 'GET',
    path: '/api/v6/gateway/unknownDevices',
    tags,
    summary: "Device serials a project's gateways report that are not registered",
    query: gatewayProjectQuery,
    data: unknownDeviceList,
  }),
  adopt: defineRoute({
    method: 'POST',
    path: '/api/v6/gateway/adopt',
    tags,
    summary: 'Register an unknown device under its gateway, with its catalogue points',
    body: adoptDeviceRequest,
    data: adoptedDevice,
  }),
};
