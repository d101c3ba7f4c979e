import { hash01 } from '../noise.js';
import type { DeviceState, ModelInput, ModelOutput } from './types.js';

const MIN = 60_000;
const SLOT = 10 * MIN;
/** GB 14287.4: 14 or more half-cycles of arcing within 1 s must alarm; the device's own output latches there. */
const DEVICE_ALARM_AT = 14;

/**
 * Arc-fault detector on a final circuit (GB 14287.4): the half-cycles of arcing it counted in the last second.
 * Almost always 0; now and then a switching transient shows a few half-cycles for a minute (below the
 * standard's 14, what a too-sensitive setting would catch), and rarely — about once in four days per detector —
 * a loose terminal arcs for one to three minutes at 15–40 half-cycles per second. Keyed by the device seed and
 * the 10-minute slot, so every run and every replay agree.
 */
export function sampleArc(input: ModelInput, prev: DeviceState): ModelOutput {
  const slot = Math.floor(input.t / SLOT);
  const roll = hash01(input.seed ^ 0xa7c, slot);
  const start = slot * SLOT + hash01(input.seed ^ 0xa7d, slot) * (SLOT - 3 * MIN);
  const jitter = hash01(input.seed ^ 0xa7e, Math.floor(input.t / 1000));
  let count = 0;
  if (roll < 0.0017) {
    const length = (1 + 2 * hash01(input.seed ^ 0xa7f, slot)) * MIN;
    if (input.t >= start && input.t < start + length) count = Math.round(15 + 25 * jitter);
  } else if (roll < 0.04) {
    if (input.t >= start && input.t < start + MIN) count = Math.round(1 + 5 * jitter);
  }
  return { values: { arc_count: count, arc: count >= DEVICE_ALARM_AT ? 1 : 0 }, state: prev };
}
