/**
 * How a voltage is shown (docs/pages/distribution.md, "Voltages"): high voltage (nominal ≥ 1 kV) as line
 * voltage in kV — √3 × the phase voltage when only phase voltages are measured — and low voltage as the
 * phase voltage in V. The kind says which one it is, so every figure is labelled line (U L-L / 线电压) or
 * phase (U L-N / 相电压). The live single-line diagram and the server share this rule.
 */
export interface VoltageReading {
  kind: 'line' | 'phase';
  value: number;
  unit: 'kV' | 'V';
}

const SQRT3 = Math.sqrt(3);

/** A circuit is high voltage from 1 kV nominal; without a nominal, from 1 kV line (≈ 577 V phase) measured. */
export function isHighVoltage(nominalKv: number | null | undefined, measured: { phaseV?: number | null; lineV?: number | null }): boolean {
  if (nominalKv !== null && nominalKv !== undefined && nominalKv > 0) return nominalKv >= 1;
  const line = measured.lineV ?? (measured.phaseV !== null && measured.phaseV !== undefined ? measured.phaseV * SQRT3 : null);
  return line !== null && line >= 1000;
}

export function voltageReading(measured: { phaseV?: number | null; lineV?: number | null }, nominalKv?: number | null): VoltageReading | null {
  const { phaseV, lineV } = measured;
  const hasPhase = phaseV !== null && phaseV !== undefined && Number.isFinite(phaseV);
  const hasLine = lineV !== null && lineV !== undefined && Number.isFinite(lineV);
  if (!hasPhase && !hasLine) return null;
  if (isHighVoltage(nominalKv, measured)) {
    const line = hasLine ? lineV : (phaseV as number) * SQRT3;
    return { kind: 'line', value: line / 1000, unit: 'kV' };
  }
  return hasPhase ? { kind: 'phase', value: phaseV, unit: 'V' } : { kind: 'line', value: lineV as number, unit: 'V' };
}
