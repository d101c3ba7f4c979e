/**
 * False-positive rate of reviewed detections: false positives / (confirmed + false positives). Pending ones are
 * not counted (nobody has judged them yet); no reviewed detection gives null, not 0 %.
 */
export function fpRate(confirmed: number, falsePositives: number): number | null {
  const reviewed = confirmed + falsePositives;
  return reviewed === 0 ? null : falsePositives / reviewed;
}
