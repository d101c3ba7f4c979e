/**
 * Test fixtures shaped like the server's answers (contract distributionHistory / energyStats), small enough
 * to read. Times are UTC+8 wall clock so the tests can pass `tz: 480` and not depend on the machine's zone.
 */
const T0 = Date.UTC(2024, 4, 1, 0, 0) - 8 * 3_600_000; // 2024-05-01 00:00 at UTC+8
const H = 3_600_000;

/** Two points of a history answer: active power (kW, large enough to scale to MW) and voltage, hourly. */
export const historyFixture = {
  bucket_ms: H,
  series: [
    {
      name: '1#进线有功功率',
      unit: 'kW',
      // 03:00 and 04:00 are missing (a gap of more than two buckets): the line must break there.
      t: [T0, T0 + H, T0 + 2 * H, T0 + 5 * H],
      min: [11000, 12000, 9000, 15000],
      max: [13000, 14500, 12000, 18000],
      avg: [12000, 13200, 10500, 16500],
    },
    {
      name: 'Ua',
      unit: 'V',
      t: [T0, T0 + H, T0 + 2 * H, T0 + 5 * H],
      min: [228, 229, 227, 230],
      max: [232, 233, 231, 234],
      avg: [230, 231, 229, 232],
    },
  ],
};

/** Month-on-month buckets as in `statsResponse.buckets` (kWh). */
export const statsBucketsFixture = [
  { key: '2024-05-01', value: 12000, mom_value: 10000, yoy_value: 0, mom_pct: 20, yoy_pct: null },
  { key: '2024-05-02', value: 9000, mom_value: 10000, yoy_value: 8000, mom_pct: -10, yoy_pct: 12.5 },
  { key: '2024-05-03', value: 0, mom_value: 0, yoy_value: null, mom_pct: null, yoy_pct: null },
];

/** Expense periods as in `expenseResponse.periods`; day 2 has no sharp band. */
export const expensePeriodsFixture = [
  {
    key: '2024-05-01',
    energy: 1000,
    cost: 800,
    bands: [
      { band: 'sharp' as const, energy: 100, cost: 150 },
      { band: 'peak' as const, energy: 300, cost: 330 },
      { band: 'flat' as const, energy: 400, cost: 260 },
      { band: 'valley' as const, energy: 200, cost: 60 },
    ],
  },
  {
    key: '2024-05-02',
    energy: 900,
    cost: 600,
    bands: [
      { band: 'peak' as const, energy: 300, cost: 330 },
      { band: 'flat' as const, energy: 400, cost: 210 },
      { band: 'valley' as const, energy: 200, cost: 60 },
    ],
  },
];

/** Energy flow as in `energyFlow` (kW); includes a cycle and a dangling link the builder must drop. */
export const flowFixture = {
  nodes: [
    { id: 'grid', name: '电网', kind: 'grid' },
    { id: 'pv', name: '光伏', kind: 'pv' },
    { id: 'bus', name: '低压母线', kind: 'virtual' },
    { id: 'load1', name: '空调', kind: 'load' },
    { id: 'load2', name: '照明', kind: 'load' },
  ],
  links: [
    { source: 'grid', target: 'bus', value: 800 },
    { source: 'pv', target: 'bus', value: 200 },
    { source: 'bus', target: 'load1', value: 600 },
    { source: 'bus', target: 'load2', value: 400 },
    { source: 'load2', target: 'grid', value: 10 },
    { source: 'bus', target: 'nowhere', value: 5 },
    { source: 'pv', target: 'load1', value: 0 },
  ],
};

export const T0_FIXTURE = T0;
export const HOUR_MS = H;

/**
 * A gateway that was down: one-minute samples 08:00–08:09, nothing until 10:30, then 10:30–10:39, over the
 * range 08:00–11:00 (UTC+8). Gaps: 08:10–10:30 (the outage) and 10:40–11:00 (nothing at the range's end).
 */
const M = 60_000;
const OUTAGE_T = [...Array.from({ length: 10 }, (_, i) => T0 + 8 * H + i * M), ...Array.from({ length: 10 }, (_, i) => T0 + 10.5 * H + i * M)];
export const outageFixture = {
  from: T0 + 8 * H,
  to: T0 + 11 * H,
  t: OUTAGE_T,
  avg: OUTAGE_T.map((_, i) => 100 + i),
  /** The gaps the fixture has, by construction. */
  gaps: [
    { from: T0 + 8 * H + 10 * M, to: T0 + 10.5 * H },
    { from: T0 + 10.5 * H + 10 * M, to: T0 + 11 * H },
  ],
};
