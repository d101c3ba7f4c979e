import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type { ChannelRow, SmtpRow } from './repository.js';

/** Sending only: no database. Each sender throws an Error whose message is logged as the attempt's result. */

const TIMEOUT_MS = 10_000;

/** A file sent with a mail (the monthly report's PDF). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export async function sendMail(smtp: SmtpRow, to: string, subject: string, text: string, attachments: MailAttachment[] = []): Promise<void> {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.username ? { auth: { user: smtp.username, pass: smtp.password } } : {}),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
    // Plain SMTP servers inside a site network often offer STARTTLS with a private certificate.
    tls: { rejectUnauthorized: false },
  });
  try {
    await transport.sendMail({ from: smtp.from_addr, to, subject, text, ...(attachments.length ? { attachments } : {}) });
  } finally {
    transport.close();
  }
}

/**
 * DingTalk's robot signature: HMAC-SHA256 over "timestamp\nsecret" keyed with the secret, base64, URL-encoded,
 * sent as `timestamp` (ms) and `sign` query parameters.
 */
export function dingtalkSign(secret: string, timestampMs: number): string {
  return crypto.createHmac('sha256', secret).update(`${timestampMs}\n${secret}`).digest('base64');
}

/** Feishu's robot signature: HMAC-SHA256 keyed with "timestamp\nsecret" over an empty message, base64; timestamp in s. */
export function feishuSign(secret: string, timestampS: number): string {
  return crypto.createHmac('sha256', `${timestampS}\n${secret}`).update('').digest('base64');
}

/** The URL and JSON body a robot of this kind expects for a plain text message. */
export function webhookRequest(channel: Pick<ChannelRow, 'kind' | 'url' | 'secret'>, text: string, now = Date.now()): { url: string; body: unknown } {
  if (channel.kind === 'feishu') {
    const body: Record<string, unknown> = { msg_type: 'text', content: { text } };
    if (channel.secret) {
      const ts = Math.floor(now / 1000);
      body.timestamp = String(ts);
      body.sign = feishuSign(channel.secret, ts);
    }
    return { url: channel.url, body };
  }
  const body = { msgtype: 'text', text: { content: text } };
  if (channel.kind === 'dingtalk' && channel.secret) {
    const url = new URL(channel.url);
    url.searchParams.set('timestamp', String(now));
    url.searchParams.set('sign', dingtalkSign(channel.secret, now));
    return { url: url.toString(), body };
  }
  return { url: channel.url, body };
}

/** Posts to the robot; a non-2xx answer or a robot error code (errcode / code ≠ 0) is a failure. */
export async function sendWebhook(channel: Pick<ChannelRow, 'kind' | 'url' | 'secret'>, text: string): Promise<void> {
  const { url, body } = webhookRequest(channel, text);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = await res.text();
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${answer.slice(0, 200)}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return;
  }
  if (parsed && typeof parsed === 'object') {
    const o = parsed as { errcode?: unknown; code?: unknown; errmsg?: unknown; msg?: unknown };
    const code = o.errcode ?? o.code;
    if (typeof code === 'number' && code !== 0) throw new Error(`robot error ${code}: ${String(o.errmsg ?? o.msg ?? '')}`.slice(0, 300));
  }
}
