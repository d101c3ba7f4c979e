import type { FormInstance } from 'antd';
import { refusal } from './api';

/**
 * Puts a server refusal next to its field: the field path the server names ("checkpoints.0.ref_id") becomes the
 * form's name path; `rename` maps a last segment the form calls differently. Answers false when no field matched.
 */
export function showRefusal(form: FormInstance, e: unknown, rename: Record<string, string> = {}): { message: string; placed: boolean } {
  const { message, field } = refusal(e);
  if (!field) return { message, placed: false };
  const path = field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : (rename[p] ?? p)));
  try {
    form.setFields([{ name: path, errors: [message] }]);
    return { message, placed: form.getFieldInstance(path) !== undefined };
  } catch {
    return { message, placed: false };
  }
}
