import { z } from 'zod';

/** Every API response: `{ code, msg, data }`, code 1 for success. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const errorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.object({ field: z.string().optional(), issues: z.array(z.string()).optional() }).nullable(),
});
