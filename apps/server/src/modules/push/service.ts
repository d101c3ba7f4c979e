import { ErrorCode, UserType, type Lang, type PushChannel, type PushDelivery, type PushRule, type PushRuleRequest, type PushSettingsData, type SmtpSettings, type WebhookKind } from '@gridops/contract';
import type { Db } from '../../db/database.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import { requirePermission, type AccessService } from '../access/service.js';
import { accessRepository } from '../access/repository.js';
import { OutboundError } from '../../lib/outbound/index.js';
import { destinationOf, hasMask, maskUrlSecrets, restoreUrlSecrets } from '../../lib/urlSecrets.js';
import { pushRepository as repo, type ChannelRow, type NewDelivery, type RuleRow } from './repository.js';
import type { PushTransport } from './transport.js';

const invalid = (field: string, zh: string, en: string) => new AppError(ErrorCode.Validation, { zh, en }, field);

const secretRequired = (field: string, zh: string, en: string) => new AppError(ErrorCode.SecretRequired, { zh, en }, field);

/** A channel as its settings page shows it (`c` opened): the URL's keys and tokens masked, the secret only as set or not. */
const toChannel = (c: ChannelRow): PushChannel => ({ id: c.id, org_id: c.org_id, kind: c.kind, name: c.name, url: maskUrlSecrets(c.url), secret_set: c.secret !== '', enabled: c.enabled });
const sameSmtpDestination = (a: { host: string; port: number }, b: { host: string; port: number }) => a.host.trim().toLowerCase() === b.host.trim().toLowerCase() && a.port === b.port;
const toRule = (r: RuleRow): PushRule => ({
  id: r.id,
  org_id: r.org_id,
  project_id: r.project_id,
  name: r.name,
  event_types: r.event_types.filter((t): t is 1 | 2 | 3 => t === 1 || t === 2 || t === 3),
  min_level: r.min_level,
  user_ids: r.user_ids,
  channel_ids: r.channel_ids,
  quiet_start: r.quiet_start,
  quiet_end: r.quiet_end,
  escalate_minutes: r.escalate_minutes,
  escalate_user_ids: r.escalate_user_ids,
  enabled: r.enabled,
});
const iso = (d: Date | string) => new Date(d).toISOString();

const TEST_TEXT = '【GridOps】推送测试：此通道可以收到告警。\n[GridOps] Push test: this channel receives alarms.';

/**
 * Push settings (docs/push.md). Centre users with 'configure' manage them for organisations of their own subtree;
 * site users with 'configure' manage only the rules of their own projects (no organisation-wide rule, no SMTP or
 * channel, whose details they never see). Secrets are written, never read back (`password_set` / `secret_set`).
 */
export function createPushService(db: Db, access: AccessService, transport: PushTransport) {
  async function assertOrg(user: AuthUser, orgId: number): Promise<void> {
    requirePermission(user, 'configure');
    const orgs = await access.adminOrgIds(user);
    if (!orgs.includes(orgId)) throw forbidden();
  }

  async function smtpOf(orgId: number): Promise<SmtpSettings> {
    const s = await repo.smtp(db, orgId);
    if (!s) return { org_id: orgId, host: '', port: 25, secure: false, username: '', from_addr: '', password_set: false, configured: false };
    return { org_id: orgId, host: s.host, port: s.port, secure: s.secure, username: s.username, from_addr: s.from_addr, password_set: s.password !== '', configured: true };
  }

  /** The channel with its URL and secret opened, after the access check. */
  async function ownedChannel(user: AuthUser, id: number): Promise<ChannelRow> {
    const c = await transport.channel(db, id);
    if (!c) throw notFound();
    await assertOrg(user, c.org_id);
    return c;
  }

  async function ownedRule(user: AuthUser, id: number): Promise<RuleRow> {
    const r = await repo.rule(db, id);
    if (!r) throw notFound();
    await assertOrg(user, r.org_id);
    return r;
  }

  const isSite = (user: AuthUser) => user.userType === UserType.Site;

  /** A site user's projects; 10004 unless he holds 'configure'. */
  async function siteProjects(user: AuthUser): Promise<number[]> {
    requirePermission(user, 'configure');
    return (await access.scope(user)).projectIds;
  }

  /** A site user's rule: one of his projects, no channel beyond those it already had (channels are organisation-level). */
  async function checkSiteRule(user: AuthUser, body: PushRuleRequest, keptChannels: number[]): Promise<void> {
    const projects = await siteProjects(user);
    if (body.project_id === null) throw invalid('project_id', '站点用户的推送规则须选择本人负责的站点', "A site user's rule must name one of his sites");
    if (!projects.includes(body.project_id)) throw forbidden();
    const kept = new Set(keptChannels);
    if (body.channel_ids.some((id) => !kept.has(id))) throw invalid('channel_ids', '机器人通道由中心用户管理，站点用户不能添加', 'Robot channels are managed by centre users; a site user cannot add one');
  }

  /** A rule of one of the site user's projects (organisation-wide rules and other projects' rules: 10004). */
  async function siteRule(user: AuthUser, id: number): Promise<RuleRow> {
    const projects = await siteProjects(user);
    const r = await repo.rule(db, id);
    if (!r) throw notFound();
    if (r.project_id === null || !projects.includes(r.project_id)) throw forbidden();
    return r;
  }

  /** A rule names only projects, members and channels of its organisation's subtree. */
  async function checkRule(input: PushRuleRequest, projectChecked = false): Promise<void> {
    const subtree = await accessRepository.orgSubtreeIds(db, input.org_id);
    if (input.project_id !== null && !projectChecked) {
      const projects = await repo.projects(db, subtree);
      if (!projects.some((p) => p.id === input.project_id)) throw invalid('project_id', '项目不属于该组织', 'The project does not belong to this organisation');
    }
    const members = new Set((await repo.members(db, subtree)).map((m) => m.id));
    if (input.escalate_user_ids.some((id) => !members.has(id))) throw invalid('escalate_user_ids', '升级接收人须为该组织的成员', 'Escalation recipients must be members of this organisation');
    if (input.escalate_user_ids.length > 0 && input.escalate_minutes === null) throw invalid('escalate_minutes', '请填写升级等待分钟数', 'Enter the minutes to wait before escalating');
    if (input.user_ids.some((id) => !members.has(id))) throw invalid('user_ids', '接收人须为该组织的成员', 'Recipients must be members of this organisation');
    const channels = new Set((await repo.channels(db, input.org_id)).map((c) => c.id));
    if (input.channel_ids.some((id) => !channels.has(id))) throw invalid('channel_ids', '通道不属于该组织', 'The channel does not belong to this organisation');
    if (input.user_ids.length === 0 && input.channel_ids.length === 0) throw invalid('user_ids', '至少选择一个接收人或通道', 'Choose at least one recipient or channel');
    if ((input.quiet_start === null) !== (input.quiet_end === null)) throw invalid('quiet_end', '免打扰须同时填写开始和结束', 'Quiet hours need both a start and an end');
  }

  const ruleInput = (r: PushRuleRequest) => ({ ...r, event_types: [...new Set(r.event_types)].sort(), user_ids: [...new Set(r.user_ids)], channel_ids: [...new Set(r.channel_ids)], escalate_user_ids: [...new Set(r.escalate_user_ids)] });

  return {
    async settings(user: AuthUser, orgId: number): Promise<PushSettingsData> {
      if (isSite(user)) {
        // A site user: his organisation only, the rules of his projects; SMTP and channels hidden (whether mail works is shown).
        if (orgId !== user.orgId) throw forbidden();
        const projectIds = await siteProjects(user);
        const [smtp, rules, members, projects] = await Promise.all([
          repo.smtp(db, orgId),
          repo.rulesOfProjects(db, projectIds),
          repo.members(db, await accessRepository.orgSubtreeIds(db, orgId)),
          repo.projectsByIds(db, projectIds),
        ]);
        return {
          smtp: { org_id: orgId, host: '', port: 25, secure: false, username: '', from_addr: '', password_set: false, configured: smtp !== undefined },
          channels: [],
          rules: rules.map(toRule),
          members: members.map((m) => ({ id: m.id, name: m.name, name_en: m.name_en, email: m.email })),
          projects: projects.map((p) => ({ id: p.id, name: p.name, name_en: p.name_en })),
        };
      }
      await assertOrg(user, orgId);
      const subtree = await accessRepository.orgSubtreeIds(db, orgId);
      const [smtp, channels, rules, members, projects] = await Promise.all([
        smtpOf(orgId),
        transport.channels(db, orgId),
        repo.rules(db, orgId),
        repo.members(db, subtree),
        repo.projects(db, subtree),
      ]);
      return {
        smtp,
        channels: channels.map(toChannel),
        rules: rules.map(toRule),
        members: members.map((m) => ({ id: m.id, name: m.name, name_en: m.name_en, email: m.email })),
        projects: projects.map((p) => ({ id: p.id, name: p.name, name_en: p.name_en })),
      };
    },

    async saveSmtp(user: AuthUser, body: { org_id: number; host: string; port: number; secure: boolean; username: string; password?: string | undefined; from_addr: string }): Promise<SmtpSettings> {
      await assertOrg(user, body.org_id);
      // The stored password goes only to the server it was entered for: another host or port needs it again.
      const stored = await repo.smtp(db, body.org_id);
      if (body.password === undefined && stored && stored.password !== '' && !sameSmtpDestination(stored, body)) {
        throw secretRequired('password', '邮件服务器的地址或端口已更改，请重新输入密码（或清空密码）', 'The SMTP host or port changed: enter the password again (or clear it)');
      }
      const password = body.password === undefined ? undefined : transport.sealSmtpPassword(body.password);
      await repo.saveSmtp(db, { org_id: body.org_id, host: body.host, port: body.port, secure: body.secure, username: body.username, password, from_addr: body.from_addr });
      return smtpOf(body.org_id);
    },

    async createChannel(user: AuthUser, body: { org_id: number; kind: WebhookKind; name: string; url: string; secret?: string | undefined; enabled: boolean }): Promise<PushChannel> {
      await assertOrg(user, body.org_id);
      if (hasMask(body.url)) throw secretRequired('url', '请填写完整的 Webhook 地址（不能含 ***）', 'Enter the full webhook URL (without ***)');
      const sealed = transport.sealChannel({ url: body.url, secret: body.secret ?? '' });
      const id = await repo.createChannel(db, { org_id: body.org_id, kind: body.kind, name: body.name, url: sealed.url, secret: sealed.secret ?? '', enabled: body.enabled });
      return toChannel((await transport.channel(db, id))!);
    },

    async updateChannel(user: AuthUser, id: number, body: { kind: WebhookKind; name: string; url: string; secret?: string | undefined; enabled: boolean }): Promise<PushChannel> {
      const stored = await ownedChannel(user, id);
      // A URL sent back masked keeps its stored keys only while it goes to the same place.
      const restored = restoreUrlSecrets(body.url, stored.url);
      if (!restored.ok) throw secretRequired('url', 'Webhook 地址的主机已更改或含 ***：请填写完整地址', 'The webhook URL changed host or still contains ***: enter the full URL');
      if (body.secret === undefined && stored.secret !== '' && destinationOf(restored.url) !== destinationOf(stored.url)) {
        throw secretRequired('secret', 'Webhook 地址的主机已更改，请重新输入加签密钥（或清空）', 'The webhook host changed: enter the signing secret again (or clear it)');
      }
      const sealed = transport.sealChannel({ url: restored.url, secret: body.secret });
      await repo.updateChannel(db, id, { kind: body.kind, name: body.name, url: sealed.url, secret: sealed.secret, enabled: body.enabled });
      return toChannel((await transport.channel(db, id))!);
    },

    async deleteChannel(user: AuthUser, id: number): Promise<null> {
      await ownedChannel(user, id);
      await repo.deleteChannel(db, id);
      return null;
    },

    /** Sends now and logs the attempt (result and error) in the delivery log; a failure is an answer, not an error. */
    async test(user: AuthUser, body: { target: 'smtp' | number; org_id: number; to?: string | undefined }, lang: Lang): Promise<{ ok: boolean; error: string }> {
      await assertOrg(user, body.org_id);
      let delivery: NewDelivery;
      let send: () => Promise<void>;
      if (body.target === 'smtp') {
        const smtp = await transport.smtp(db, body.org_id);
        if (!smtp) throw invalid('target', '尚未设置邮件服务器', 'No SMTP server is set yet');
        if (!body.to) throw invalid('to', '请填写测试收件地址', 'Enter an address to send the test mail to');
        const to = body.to;
        delivery = { org_id: body.org_id, rule_id: null, event_id: null, target: 'email', channel_id: null, to_addr: to, subject: 'GridOps push test', body: TEST_TEXT };
        send = () => transport.sendMail(smtp, to, 'GridOps 推送测试 / push test', TEST_TEXT);
      } else {
        const channel = await ownedChannel(user, body.target);
        if (channel.org_id !== body.org_id) throw forbidden();
        delivery = { org_id: body.org_id, rule_id: null, event_id: null, target: 'webhook', channel_id: channel.id, to_addr: channel.name, subject: 'test', body: TEST_TEXT };
        send = () => transport.sendWebhook(channel, TEST_TEXT);
      }
      // The user sees a status and a generic reason in his language; the log keeps both languages.
      let failure: unknown = null;
      try {
        await send();
      } catch (err) {
        failure = err ?? new Error('failed');
      }
      await repo.logAttempt(db, delivery, failure === null, failure === null ? '' : transport.failureText(failure));
      if (failure === null) return { ok: true, error: '' };
      return { ok: false, error: failure instanceof OutboundError ? failure.in(lang) : transport.failureText(failure) };
    },

    async createRule(user: AuthUser, body: PushRuleRequest): Promise<PushRule> {
      if (isSite(user)) {
        if (body.org_id !== user.orgId) throw forbidden();
        await checkSiteRule(user, body, []);
        await checkRule(body, true);
        const id = await repo.createRule(db, ruleInput(body));
        return toRule((await repo.rule(db, id))!);
      }
      await assertOrg(user, body.org_id);
      await checkRule(body);
      const id = await repo.createRule(db, ruleInput(body));
      return toRule((await repo.rule(db, id))!);
    },

    async updateRule(user: AuthUser, id: number, body: PushRuleRequest): Promise<PushRule> {
      if (isSite(user)) {
        const rule = await siteRule(user, id);
        // The rule stays with its organisation; the site user may keep or drop its channels, not add any.
        const input = { ...body, org_id: rule.org_id };
        await checkSiteRule(user, input, rule.channel_ids);
        await checkRule(input, true);
        await repo.updateRule(db, id, ruleInput(input));
        return toRule((await repo.rule(db, id))!);
      }
      await ownedRule(user, id);
      await assertOrg(user, body.org_id);
      await checkRule(body);
      await repo.updateRule(db, id, ruleInput(body));
      return toRule((await repo.rule(db, id))!);
    },

    async deleteRule(user: AuthUser, id: number): Promise<null> {
      if (isSite(user)) await siteRule(user, id);
      else await ownedRule(user, id);
      await repo.deleteRule(db, id);
      return null;
    },

    async deliveries(user: AuthUser, orgId: number, size: number): Promise<PushDelivery[]> {
      await assertOrg(user, orgId);
      return (await repo.deliveries(db, orgId, size)).map((d) => ({
        id: d.id,
        org_id: d.org_id,
        rule_id: d.rule_id,
        event_id: d.event_id,
        target: d.target,
        to_addr: d.to_addr,
        subject: d.subject,
        status: d.status,
        attempts: d.attempts,
        last_error: d.last_error,
        created_at: iso(d.created_at),
        sent_at: d.sent_at ? iso(d.sent_at) : null,
        next_at: iso(d.next_at),
      }));
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
