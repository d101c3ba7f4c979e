import {
  auxTargetsResponse,
  controlCancelRequest,
  controlCancelResponse,
  controlExecuteRequest,
  controlExecuteResponse,
  controlLogQuery,
  controlLogResponse,
  controlSelectRequest,
  controlSelectResponse,
  controlTargetsQuery,
  controlTargetsResponse,
} from '../api/distributionControl.js';
import { defineRoute } from './define.js';

const tags = ['control'];

/** Remote control (/DevControl) with select-before-operate, and the control log (/CtrlLogs). */
export const controlApi = {
  targets: defineRoute({
    method: 'GET',
    path: '/api/v6/control/targets',
    tags,
    summary: 'Operable breakers of a site with their state (control permission)',
    permission: 'control',
    query: controlTargetsQuery,
    data: controlTargetsResponse,
  }),
  auxTargets: defineRoute({
    method: 'GET',
    path: '/api/v6/control/aux-targets',
    tags,
    summary: 'Auxiliary devices of a site (fans, AC, dehumidifiers, lights, pumps) with their state and set-point limits',
    query: controlTargetsQuery,
    data: auxTargetsResponse,
  }),
  select: defineRoute({
    method: 'POST',
    path: '/api/v6/control/select',
    tags,
    summary: 'Select a device and action; returns a short-lived selection id',
    permission: 'control',
    body: controlSelectRequest,
    data: controlSelectResponse,
  }),
  execute: defineRoute({
    method: 'POST',
    path: '/api/v6/control/execute',
    tags,
    summary:
      "Confirm with the operator's password; sends the command and waits for the gateway (success / refused / timed-out)",
    permission: 'control',
    body: controlExecuteRequest,
    data: controlExecuteResponse,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/v6/control/cancel',
    tags,
    summary: 'Cancel an open selection',
    permission: 'control',
    body: controlCancelRequest,
    data: controlCancelResponse,
  }),
  log: defineRoute({
    method: 'GET',
    path: '/api/v6/control/log',
    tags,
    summary: 'Every control attempt step (select, execute, result) in scope, newest first',
    query: controlLogQuery,
    data: controlLogResponse,
  }),
};
