/**
 * Which rules apply to one point (docs/alarm-rules.md): per rule kind only the most specific layer — the
 * device's own rule, else the project's default for the device kind, else the shipped default. The live engine
 * and every page that shows "the limit in force" (e.g. the electrical fire page) decide with this one function.
 */
export function pickByPrecedence<R extends { kind: string }>(own: R[], project: R[], shipped: R[]): R[] {
  const taken = new Set<string>();
  const out: R[] = [];
  for (const layer of [own, project, shipped]) {
    const applies = layer.filter((r) => !taken.has(r.kind));
    for (const r of applies) taken.add(r.kind);
    out.push(...applies);
  }
  return out;
}

/** The enabled rules of a point out of a list of enabled rules (the engine keeps them in maps instead). */
export function applicableRules<R extends { kind: string; enabled: boolean; device_id: number | null; device_kind: string | null; project_id: number | null; point_key: string }>(
  rules: R[],
  point: { deviceId: number; deviceKind: string; projectId: number; key: string },
): R[] {
  const on = rules.filter((r) => r.enabled && r.point_key === point.key);
  const own = on.filter((r) => r.device_id === point.deviceId);
  const template = on.filter((r) => r.device_id === null && r.device_kind === point.deviceKind);
  return pickByPrecedence(
    own,
    template.filter((r) => r.project_id === point.projectId),
    template.filter((r) => r.project_id === null),
  );
}
