import type { Lang } from '@gridops/contract';

/**
 * Why an outbound request failed, as the user sees it: a reason from this short list and, for an HTTP answer, its
 * status — never the remote body, the address it resolved to, or the socket error. SMTP's refused, closed, reset
 * and timed-out connections are one reason ('unreachable'), so the settings are no port scanner.
 */
export type OutboundReason =
  | 'bad_url'
  | 'blocked'
  | 'unreachable'
  | 'timeout'
  | 'too_large'
  | 'redirect'
  | 'http_status'
  | 'bad_answer'
  | 'robot_error'
  | 'smtp_auth'
  | 'smtp_rejected';

const reasons: Record<OutboundReason, Record<Lang, string>> = {
  bad_url: { zh: '地址无效或协议不受支持', en: 'the address is invalid or its scheme is not supported' },
  blocked: { zh: '目标地址属于内部网络，未被允许（运维人员可用 OUTBOUND_ALLOW 放行）', en: 'the address is on an internal network and not allowed (an operator may allow it with OUTBOUND_ALLOW)' },
  unreachable: { zh: '无法连接目标服务器', en: 'the server could not be reached' },
  timeout: { zh: '目标服务器应答超时', en: 'the server did not answer in time' },
  too_large: { zh: '应答超过大小上限', en: 'the answer exceeds the size limit' },
  redirect: { zh: '目标服务器要求跳转，已拒绝跟随', en: 'the server answered with a redirect, which is not followed' },
  http_status: { zh: '目标服务器返回错误', en: 'the server answered with an error' },
  bad_answer: { zh: '应答格式不符合要求', en: 'the answer is not of the expected kind' },
  robot_error: { zh: '机器人拒收了消息', en: 'the robot refused the message' },
  smtp_auth: { zh: '邮件服务器拒绝登录', en: 'the mail server refused the login' },
  smtp_rejected: { zh: '邮件服务器拒收了邮件', en: 'the mail server refused the message' },
};

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundReason,
    /** The HTTP status (http_status, redirect, bad_answer) or the robot's numeric error code (robot_error). */
    readonly status?: number,
  ) {
    super(outboundMessage(reason, status, 'en'));
    this.name = 'OutboundError';
  }

  in(lang: Lang): string {
    return outboundMessage(this.reason, this.status, lang);
  }

  /** Both languages, for what is stored and read later by anyone (the push delivery log). */
  bilingual(): string {
    return `${this.in('zh')} / ${this.in('en')}`;
  }
}

export function outboundMessage(reason: OutboundReason, status: number | undefined, lang: Lang): string {
  const text = reasons[reason][lang];
  if (status === undefined) return text;
  if (reason === 'robot_error') return lang === 'zh' ? `${text}（错误码 ${status}）` : `${text} (error code ${status})`;
  return `HTTP ${status}${lang === 'zh' ? '：' : ': '}${text}`;
}

/** Any error as an OutboundError: those of the guard as they are, everything else 'unreachable'. */
export const asOutboundError = (err: unknown): OutboundError => (err instanceof OutboundError ? err : new OutboundError('unreachable'));
