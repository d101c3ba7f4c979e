import { ApiError } from './http';

/** Server refusal as shown in an editor: its localised message and the field it names (10006/10008). */
export interface EditError {
  message: string;
  field: string | null;
  code: number;
}

export function toEditError(e: unknown): EditError {
  if (e instanceof ApiError) {
    const data = e.data as { field?: unknown } | null;
    return { message: e.message, code: e.code, field: typeof data?.field === 'string' ? data.field : null };
  }
  return { message: e instanceof Error ? e.message : String(e), code: 0, field: null };
}
