import { BUILDING_LOAD_KINDS, type DeviceKind, type MeterNodeType } from '@gridops/contract';

/**
 * The power metering tree of a demo station, wired as the station is (docs/energy-model.md, "Demo seed"):
 * incomer (grid) → transformers → feeders → what hangs off each feeder (EV chargers, PV inverters); PCS and
 * inverters without a feeder on the bus of their transformer. A feeder that only carries PV inverters is
 * the PV grid-connection meter: a `pv` node (generation, measured in the export direction) with the
 * inverters under it. Pure, so the physics test builds the same tree the seed writes.
 */
export interface TreeDevice {
  sn: string;
  kind: DeviceKind | string;
  parent_sn?: string | undefined;
}

export interface PlannedNode {
  /** Unique per station: the device serial, with `:chg` / `:dis` for the two sides of a PCS. */
  key: string;
  parent: string | null;
  device_sn: string;
  node_type: MeterNodeType;
  point_key: string;
  power_key: string;
}

const TREE_KINDS: readonly string[] = ['incomer', 'transformer', 'feeder', 'meter', 'pv_inverter', 'pcs', 'ev_charger', ...BUILDING_LOAD_KINDS];

export function plannedPowerTree(devices: readonly TreeDevice[]): PlannedNode[] {
  const incomer = devices.find((d) => d.kind === 'incomer');
  if (!incomer) return [];
  const inTree = devices.filter((d) => TREE_KINDS.includes(d.kind));
  const kids = new Map<string, TreeDevice[]>();
  for (const d of inTree) {
    if (d === incomer) continue;
    // A device without a parent in the tree hangs off the incomer.
    const parent = d.parent_sn !== undefined && inTree.some((p) => p.sn === d.parent_sn) ? d.parent_sn : incomer.sn;
    kids.set(parent, [...(kids.get(parent) ?? []), d]);
  }
  const isPvFeeder = (d: TreeDevice) => {
    const c = kids.get(d.sn) ?? [];
    return c.length > 0 && c.every((x) => x.kind === 'pv_inverter');
  };
  const out: PlannedNode[] = [];
  const visit = (d: TreeDevice, parent: string | null) => {
    const node = (node_type: MeterNodeType, point_key: string, key = d.sn) =>
      out.push({ key, parent, device_sn: d.sn, node_type, point_key, power_key: 'P' });
    switch (d.kind) {
      case 'incomer':
        node('grid', 'EP');
        break;
      case 'pv_inverter':
        node('pv', 'EP');
        break;
      case 'ev_charger':
        node('ev_charging', 'EP');
        break;
      case 'pcs':
        node('storage_charge', 'EPchg', `${d.sn}:chg`);
        node('storage_discharge', 'EPdis', `${d.sn}:dis`);
        return;
      default:
        node(isPvFeeder(d) ? 'pv' : 'load', 'EP');
    }
    // Circuits first, then the sources and chargers on their bus (the order the tree editor lists them).
    const order = (x: TreeDevice) => (['transformer', 'feeder', 'meter'].includes(x.kind) ? 0 : 1);
    for (const c of [...(kids.get(d.sn) ?? [])].sort((a, b) => order(a) - order(b))) visit(c, d.sn);
  };
  visit(incomer, null);
  return out;
}
