import type { Db } from '../../db/database.js';
import { OutboundError, sendSmtp, type Outbound } from '../../lib/outbound/index.js';
import { secretContext, type SecretBox } from '../../lib/storedSecrets.js';
import { pushRepository as repo, type ChannelRow, type SmtpRow } from './repository.js';
import { sendWebhook, type MailAttachment } from './senders.js';

/**
 * How pushes leave the server: the stored SMTP server and channels with their secrets opened (they are sealed in
 * the database, lib/storedSecrets.ts), and the senders bound to the outbound guard. Shared by the settings'
 * "send test", the delivery worker and the monthly report's mail.
 */
export function createPushTransport(secrets: SecretBox, outbound: Outbound) {
  const openSmtp = (s: SmtpRow): SmtpRow => ({ ...s, password: secrets.open(s.password, secretContext.smtpPassword) });
  const openChannel = (c: ChannelRow): ChannelRow => ({ ...c, url: secrets.open(c.url, secretContext.channelUrl), secret: secrets.open(c.secret, secretContext.channelSecret) });
  return {
    async smtp(db: Db, orgId: number): Promise<SmtpRow | undefined> {
      const s = await repo.smtp(db, orgId);
      return s && openSmtp(s);
    },
    async channel(db: Db, id: number): Promise<ChannelRow | undefined> {
      const c = await repo.channel(db, id);
      return c && openChannel(c);
    },
    async channels(db: Db, orgId: number): Promise<ChannelRow[]> {
      return (await repo.channels(db, orgId)).map(openChannel);
    },
    sealSmtpPassword: (password: string) => secrets.seal(password, secretContext.smtpPassword),
    sealChannel: (c: { url: string; secret: string | undefined }) => ({ url: secrets.seal(c.url, secretContext.channelUrl), secret: c.secret === undefined ? undefined : secrets.seal(c.secret, secretContext.channelSecret) }),
    sendMail: (smtp: SmtpRow, to: string, subject: string, text: string, attachments: MailAttachment[] = []) =>
      sendSmtp(outbound, smtp, { from: smtp.from_addr, to, subject, text, attachments }),
    sendWebhook: (channel: Pick<ChannelRow, 'kind' | 'url' | 'secret'>, text: string) => sendWebhook(outbound, channel, text),
    /**
     * What an attempt's log keeps of a failure: an outbound failure's generic reason in both languages (never a
     * remote answer); the server's own reasons ('channel removed') as they are.
     */
    failureText: (err: unknown) => (err instanceof OutboundError ? err.bilingual() : err instanceof Error ? err.message : String(err)).slice(0, 500),
  };
}

export type PushTransport = ReturnType<typeof createPushTransport>;
