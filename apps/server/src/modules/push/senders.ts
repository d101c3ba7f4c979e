import crypto from 'node:crypto';
import { OutboundError, type Outbound } from '../../lib/outbound/index.js';
import type { ChannelRow } from './repository.js';

/**
 * Sending only: no database. Everything goes through the outbound guard (lib/outbound); a failure is an
 * OutboundError whose generic reason (and HTTP status) is what the attempt's log and the user see.
 */

const TIMEOUT_MS = 10_000;
/** A robot's answer is a small JSON object; anything longer is not read. */
const WEBHOOK_ANSWER_MAX_BYTES = 64 * 1024;

/** A file sent with a mail (the monthly report's PDF). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
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
export async function sendWebhook(outbound: Outbound, channel: Pick<ChannelRow, 'kind' | 'url' | 'secret'>, text: string): Promise<void> {
  const { url, body } = webhookRequest(channel, text);
  const res = await outbound.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    timeoutMs: TIMEOUT_MS,
    maxBytes: WEBHOOK_ANSWER_MAX_BYTES,
  });
  // The answer's text is never repeated (it may be an internal page's): only its status and the robot's code.
  if (res.status < 200 || res.status >= 300) throw new OutboundError('http_status', res.status);
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body.toString('utf8'));
  } catch {
    return;
  }
  if (parsed && typeof parsed === 'object') {
    const o = parsed as { errcode?: unknown; code?: unknown };
    const code = o.errcode ?? o.code;
    if (typeof code === 'number' && Number.isSafeInteger(code) && code !== 0) throw new OutboundError('robot_error', code);
  }
}
