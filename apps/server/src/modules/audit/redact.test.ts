import { describe, expect, it } from 'vitest';
import { MAX_LOGGED_STRING, REDACTED, redact } from './redact.js';

describe('what a usage-log entry keeps of a request', () => {
  it('hides secret-looking fields at any depth and keeps the rest', () => {
    expect(redact({ name: 'a', password: 'x', nested: [{ new_password: 'y', mqtt: { u: 1 }, token: 't', n: 2 }] })).toEqual({
      name: 'a',
      password: REDACTED,
      nested: [{ new_password: REDACTED, mqtt: REDACTED, token: REDACTED, n: 2 }],
    });
  });

  it('cuts a long string (an uploaded file as base64) and says how long it was', () => {
    const file = 'A'.repeat(900_000);
    const kept = redact({ project_id: 1, file_base64: file }) as { project_id: number; file_base64: string };
    expect(kept.project_id).toBe(1);
    expect(kept.file_base64.length).toBeLessThan(MAX_LOGGED_STRING + 40);
    expect(kept.file_base64).toMatch(/… \(900000 characters\)$/);
    expect(redact('short')).toBe('short');
  });
});

describe('URLs in a usage-log entry', () => {
  it('keep their destination and lose their keys, tokens and passwords', () => {
    expect(redact({ url: 'https://oapi.dingtalk.com/robot/send?access_token=abc123', note: 'see http://admin:pw@10.0.0.9/snap.jpg' })).toEqual({
      url: 'https://oapi.dingtalk.com/robot/send?access_token=***',
      note: 'see http://admin:***@10.0.0.9/snap.jpg',
    });
    expect(redact({ url: 'https://open.feishu.cn/open-apis/bot/v2/hook/0a1b2c3d-1234-5678-9abc-def012345678' })).toEqual({ url: 'https://open.feishu.cn/open-apis/bot/v2/hook/***' });
  });
});
