/** The success envelope (spec §8: code 1). */
export const ok = <T>(data: T) => ({ code: 1 as const, msg: 'ok', data });
