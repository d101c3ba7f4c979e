/**
 * Outbound requests (docs/security.md "Outbound requests"): every request the server makes to an address a user's
 * settings name goes through this guard — webhooks, SMTP, camera snapshots, the weather API.
 */
export { createOutbound, type Destination, type Outbound, type OutboundRequest, type OutboundResponse, type Resolver } from './guard.js';
export { emptyAllowList, parseAllowList, type AllowList } from './addresses.js';
export { asOutboundError, OutboundError, outboundMessage, type OutboundReason } from './errors.js';
export { sendSmtp, type SmtpMessage, type SmtpServer } from './smtp.js';
