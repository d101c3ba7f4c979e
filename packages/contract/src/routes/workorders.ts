import {
  slaQuery,
  slaResponse,
  slaUpdateRequest,
  workOrderAssigneesQuery,
  workOrderAssigneesResponse,
  workOrderCreateRequest,
  workOrderDetail,
  workOrderIdParams,
  workOrderListQuery,
  workOrderListResponse,
  workOrderPhoto,
  workOrderPhotoParams,
  workOrderTransitionRequest,
} from '../api/workorders.js';
import { defineRoute } from './define.js';

const tags = ['workorders'];

/**
 * Defect work orders (/OperMainte/SolveTask, /CentreSolve, /WorkerSolve; docs/operations.md). Like event
 * handling they need 'view' only: the service checks the caller's role on the order (a worker acts on orders
 * assigned to him, site and centre users manage those of their projects).
 */
export const workOrderApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v6/workorder/list',
    tags,
    summary: 'Work orders in scope (a worker: those assigned to him), filtered, paged, newest first',
    query: workOrderListQuery,
    data: workOrderListResponse,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/v6/workorder/:id',
    tags,
    summary: 'One work order with its timeline',
    params: workOrderIdParams,
    data: workOrderDetail,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/v6/workorder/create',
    tags,
    summary: 'Create a work order from an event, an inspection finding or by hand (site and centre users)',
    body: workOrderCreateRequest,
    data: workOrderDetail,
  }),
  transition: defineRoute({
    method: 'POST',
    path: '/api/v6/workorder/:id/transition',
    tags,
    summary: 'Assign, accept, decline, arrive, resolve (photos), verify, reject or close (version check)',
    bodyLimit: 20 * 1024 * 1024,
    params: workOrderIdParams,
    body: workOrderTransitionRequest,
    data: workOrderDetail,
  }),
  photo: defineRoute({
    method: 'GET',
    path: '/api/v6/workorder/photo/:photoId',
    tags,
    summary: 'A photo of a work order (base64)',
    params: workOrderPhotoParams,
    data: workOrderPhoto,
  }),
  assignees: defineRoute({
    method: 'GET',
    path: '/api/v6/workorder/assignees',
    tags,
    summary: 'Who an order of this project may be assigned to: its workers and the approved experts',
    query: workOrderAssigneesQuery,
    data: workOrderAssigneesResponse,
  }),
  sla: defineRoute({
    method: 'GET',
    path: '/api/v6/workorder/sla',
    tags,
    summary: "Respond and resolve times per priority of an organisation (the caller's by default)",
    query: slaQuery,
    data: slaResponse,
  }),
  saveSla: defineRoute({
    method: 'PUT',
    path: '/api/v6/workorder/sla',
    tags,
    summary: 'Set the respond and resolve times per priority (centre users)',
    permission: 'configure',
    body: slaUpdateRequest,
    data: slaResponse,
  }),
};
