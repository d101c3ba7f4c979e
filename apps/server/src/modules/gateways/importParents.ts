/**
 * The `parent_sn` column of the device import: the serial of the upstream device (a meter's breaker, a feeder's
 * transformer), either a device already registered in the project or a row of the same file. Serials are unique
 * per gateway only, so a serial that names more than one device is refused rather than guessed.
 */
export interface ParentRef {
  row: number;
  sn: string;
  parentSn: string;
}
/** An upstream device already registered (`id`) or a row of this file (`sn`, created in the same transaction). */
export type ParentTarget = { id: number } | { sn: string };

type Report = (row: number, zh: string, en: string) => void;

export function resolveImportParents(refs: ParentRef[], existing: { id: number; sn: string }[], report: Report): Map<number, ParentTarget> {
  const existingBySn = new Map<string, number[]>();
  for (const d of existing) existingBySn.set(d.sn, [...(existingBySn.get(d.sn) ?? []), d.id]);
  const fileCount = new Map<string, number>();
  for (const r of refs) fileCount.set(r.sn, (fileCount.get(r.sn) ?? 0) + 1);
  const out = new Map<number, ParentTarget>();
  const inFile = new Map<string, string>();
  for (const r of refs) {
    if (r.parentSn === '') continue;
    if (r.parentSn === r.sn) {
      report(r.row, `上级设备 parent_sn “${r.parentSn}” 不能是设备本身`, `Upstream device (parent_sn) "${r.parentSn}" cannot be the device itself`);
      continue;
    }
    const ids = existingBySn.get(r.parentSn) ?? [];
    const rows = fileCount.get(r.parentSn) ?? 0;
    if (ids.length + rows === 0)
      report(r.row, `上级设备 parent_sn：本项目和本文件中都没有设备 “${r.parentSn}”`, `Upstream device (parent_sn): no device "${r.parentSn}" in this project or this file`);
    else if (ids.length + rows > 1)
      report(
        r.row,
        `上级设备 parent_sn：“${r.parentSn}” 对应多台设备（不同网关下同号），无法确定`,
        `Upstream device (parent_sn): "${r.parentSn}" names more than one device (same serial under different gateways)`,
      );
    else if (ids[0] !== undefined) out.set(r.row, { id: ids[0] });
    else {
      out.set(r.row, { sn: r.parentSn });
      inFile.set(r.sn, r.parentSn);
    }
  }
  // Only rows of this file can form a cycle: a registered device never points at a device not yet created.
  for (const r of refs) {
    let next = inFile.get(r.sn);
    for (let steps = 0; next !== undefined && steps <= refs.length; steps++) {
      if (next === r.sn) {
        report(r.row, `上级设备 parent_sn “${r.parentSn}” 与本文件中的其他行形成环`, `Upstream device (parent_sn) "${r.parentSn}" forms a cycle with other rows of this file`);
        out.delete(r.row);
        break;
      }
      next = inFile.get(next);
    }
  }
  return out;
}
