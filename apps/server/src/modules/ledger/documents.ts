import { LEDGER_DOC_MAX_BYTES, type NameplateFields } from '@gridops/contract';

export type LedgerDocType = 'application/pdf' | 'image/png' | 'image/jpeg';

/** The document's type read from its first bytes (never from the name or what the client claims); null when it is none of PDF, PNG, JPEG. */
export function documentType(b: Buffer): LedgerDocType | null {
  if (b.length >= 5 && b.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  return null;
}

/** What is wrong with an upload (field, zh, en), or null: empty, over LEDGER_DOC_MAX_BYTES, or not a PDF/PNG/JPEG. */
export function documentProblem(b: Buffer): { field: string; zh: string; en: string } | null {
  if (b.length === 0) return { field: 'content_base64', zh: '文件为空', en: 'The file is empty' };
  if (b.length > LEDGER_DOC_MAX_BYTES) return { field: 'content_base64', zh: '文件不能超过 5 MB', en: 'The file must be at most 5 MB' };
  if (!documentType(b)) return { field: 'content_base64', zh: '只接受 PDF、PNG 或 JPEG 文件', en: 'Only PDF, PNG or JPEG files are accepted' };
  return null;
}

/** A download name that keeps the user's name but ends in the type's real extension. */
export function documentFileName(name: string, mime: LedgerDocType): string {
  const ext = mime === 'application/pdf' ? '.pdf' : mime === 'image/png' ? '.png' : '.jpg';
  // Characters below U+0020 (control) and the ones file systems refuse become '_'.
  const base = [...name].map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('').trim();
  return base.toLowerCase().endsWith(ext) || (ext === '.jpg' && base.toLowerCase().endsWith('.jpeg')) ? base : `${base}${ext}`;
}

/** The nameplate fields of a body, nothing else (the body also carries the version). */
export const nameplateValues = (b: NameplateFields): NameplateFields => ({
  maker: b.maker,
  maker_en: b.maker_en,
  model: b.model,
  serial_no: b.serial_no,
  rating: b.rating,
  location: b.location,
  install_date: b.install_date,
  warranty_until: b.warranty_until,
});
