import nodemailer from 'nodemailer';
import type { Outbound } from './guard.js';
import { OutboundError } from './errors.js';

export interface SmtpServer {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
}

export interface SmtpMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

const TIMEOUT_MS = 10_000;

/**
 * Sends one mail through the guard: the server's host is resolved and checked once and nodemailer connects to that
 * address (the name kept for TLS). Failures are OutboundErrors: a login the server refused, a message it refused,
 * and for everything else — refused, closed, reset, timed out, not SMTP — one 'unreachable'.
 */
export async function sendSmtp(outbound: Outbound, server: SmtpServer, message: SmtpMessage): Promise<void> {
  const dest = await outbound.destination(server.host);
  const named = dest.hostname !== dest.address.toLowerCase();
  const transport = nodemailer.createTransport({
    host: dest.address,
    port: server.port,
    secure: server.secure,
    ...(named ? { servername: dest.hostname } : {}),
    ...(server.username ? { auth: { user: server.username, pass: server.password } } : {}),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
    dnsTimeout: TIMEOUT_MS,
    // Plain SMTP servers inside a site network often offer STARTTLS with a private certificate.
    tls: { rejectUnauthorized: false, ...(named ? { servername: dest.hostname } : {}) },
  });
  try {
    await transport.sendMail({ from: message.from, to: message.to, subject: message.subject, text: message.text, ...(message.attachments?.length ? { attachments: message.attachments } : {}) });
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'EAUTH') throw new OutboundError('smtp_auth');
    if (code === 'EENVELOPE' || code === 'EMESSAGE') throw new OutboundError('smtp_rejected');
    throw new OutboundError('unreachable');
  } finally {
    transport.close();
  }
}
