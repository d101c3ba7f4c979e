/**
 * Manual readings → counter samples (docs/data-entry.md, "From readings to energy"). Between two readings the
 * meter is taken to run at a steady rate, so the consumption of every hour in between is its share of the
 * interval. The samples are the readings themselves plus, for each whole UTC hour H strictly after a reading and
 * up to the next one, the register at H stamped 1 ms before H: that value closes the hour that ends at H, so the
 * counter rule of statistics/counterEnergy.ts (energy = last − previous last) gives each hour its exact share,
 * and a day, month or year the exact difference of the interpolated register at its bounds.
 *
 * The register is continuous across meter replacements (the old meter's final reading carries on into the new
 * meter's readings), times the meter's multiplier: the rollups never see a reset.
 */
export interface ReadingPoint {
  /** Epoch ms, kept to the minute. */
  at: number;
  value: number;
  replacement: boolean;
  old_final_value: number | null;
}

const HOUR = 3_600_000;

/** Consumption since the previous reading, in reading units (the first reading has none). */
export function consumptions(readings: readonly ReadingPoint[]): (number | null)[] {
  return readings.map((r, i) => {
    if (i === 0) return null;
    const before = readings[i - 1]!.value;
    return (r.replacement ? (r.old_final_value ?? r.value) : r.value) - before;
  });
}

/** The continuous register at each reading, × multiplier (the first reading's own value times multiplier). */
export function registers(readings: readonly ReadingPoint[], multiplier: number): number[] {
  const used = consumptions(readings);
  const out: number[] = [];
  let register = 0;
  readings.forEach((r, i) => {
    register = i === 0 ? r.value : register + used[i]!;
    out.push(register * multiplier);
  });
  return out;
}

/** The counter samples the rollups are built from (see the file comment); readings must be sorted by time. */
export function counterSamples(readings: readonly ReadingPoint[], multiplier: number): { ts: number; value: number }[] {
  const reg = registers(readings, multiplier);
  const out: { ts: number; value: number }[] = [];
  readings.forEach((r, i) => {
    if (i > 0) {
      const t0 = readings[i - 1]!.at;
      const c0 = reg[i - 1]!;
      const span = r.at - t0;
      for (let h = Math.floor(t0 / HOUR) * HOUR + HOUR; h <= r.at; h += HOUR) {
        out.push({ ts: h - 1, value: c0 + ((reg[i]! - c0) * (h - t0)) / span });
      }
    }
    out.push({ ts: r.at, value: reg[i]! });
  });
  return out;
}
