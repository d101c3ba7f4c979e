import { z } from 'zod';
import {
  pushChannel,
  pushChannelCreateRequest,
  pushChannelUpdateRequest,
  pushDelivery,
  pushDeliveryQuery,
  pushIdParams,
  pushOrgQuery,
  pushRule,
  pushRuleRequest,
  pushSettings,
  pushTestRequest,
  pushTestResult,
  smtpSettings,
  smtpUpdateRequest,
} from '../api/push.js';
import { defineRoute } from './define.js';

const tags = ['push'];

/**
 * Push settings (/CentreUser/CentreSendmsgTools, /UserCenter/SendmsgTools; docs/push.md). Reading and changing
 * them needs 'configure' (they decide where alarms go); channels and SMTP belong to an organisation and are
 * managed by its centre users.
 */
export const pushApi = {
  settings: defineRoute({
    method: 'GET',
    path: '/api/v6/push/settings',
    tags,
    summary: "An organisation's SMTP server, webhook channels, rules, and the members and projects rules may name",
    permission: 'configure',
    query: pushOrgQuery,
    data: pushSettings,
  }),
  saveSmtp: defineRoute({
    method: 'PUT',
    path: '/api/v6/push/smtp',
    tags,
    summary: "Set an organisation's SMTP server (the password is stored, never returned)",
    permission: 'configure',
    body: smtpUpdateRequest,
    data: smtpSettings,
  }),
  createChannel: defineRoute({
    method: 'POST',
    path: '/api/v6/push/channel',
    tags,
    summary: 'Add an IM robot webhook (WeCom, DingTalk with signing secret, Feishu)',
    permission: 'configure',
    body: pushChannelCreateRequest,
    data: pushChannel,
  }),
  updateChannel: defineRoute({
    method: 'PUT',
    path: '/api/v6/push/channel/:id',
    tags,
    summary: 'Change a webhook channel (secret kept unless given)',
    permission: 'configure',
    params: pushIdParams,
    body: pushChannelUpdateRequest,
    data: pushChannel,
  }),
  deleteChannel: defineRoute({
    method: 'DELETE',
    path: '/api/v6/push/channel/:id',
    tags,
    summary: 'Remove a webhook channel (rules naming it stop using it)',
    permission: 'configure',
    params: pushIdParams,
    data: z.null(),
  }),
  test: defineRoute({
    method: 'POST',
    path: '/api/v6/push/test',
    tags,
    summary: 'Send a test message through the SMTP server or a webhook channel now; logged as a delivery',
    permission: 'configure',
    body: pushTestRequest,
    data: pushTestResult,
  }),
  createRule: defineRoute({
    method: 'POST',
    path: '/api/v6/push/rule',
    tags,
    summary: 'Add a push rule (organisation or project scope, event types, minimum level, recipients, quiet hours)',
    permission: 'configure',
    body: pushRuleRequest,
    data: pushRule,
  }),
  updateRule: defineRoute({
    method: 'PUT',
    path: '/api/v6/push/rule/:id',
    tags,
    summary: 'Change a push rule',
    permission: 'configure',
    params: pushIdParams,
    body: pushRuleRequest,
    data: pushRule,
  }),
  deleteRule: defineRoute({
    method: 'DELETE',
    path: '/api/v6/push/rule/:id',
    tags,
    summary: 'Remove a push rule',
    permission: 'configure',
    params: pushIdParams,
    data: z.null(),
  }),
  deliveries: defineRoute({
    method: 'GET',
    path: '/api/v6/push/deliveries',
    tags,
    summary: "The organisation's latest delivery attempts with result (newest first)",
    permission: 'configure',
    query: pushDeliveryQuery,
    data: z.array(pushDelivery),
  }),
};
