/**
 * Billing-grade bills (issue 26 item 4, docs/energy-model.md "Billing"):
 * - every three-phase measuring device (incomer, transformer, feeder, meter) gets the catalogue's reactive
 *   energy counter `EQ` (kvarh), from which the month's power factor is computed (kWh / √(kWh² + kvarh²));
 *   devices that already have a point of that key keep theirs. Gateway templates and new devices take it from
 *   the catalogue; a gateway that does not send it leaves the point empty and the bill falls back to the PF mean.
 * - a tariff may hold the declared (contract) maximum demand, kW, for the demand charge's over-declaration rule.
 */
export const name = '0051_reactive_energy_demand';
export const up = `
INSERT INTO device_points (device_id, key, name, name_en, unit, kind, precision, sort)
SELECT d.id, 'EQ', '无功电能', 'Reactive energy', 'kvarh', 'counter', 2,
       coalesce((SELECT max(x.sort) + 1 FROM device_points x WHERE x.device_id = d.id), 0)
FROM devices d
WHERE d.kind IN ('incomer', 'transformer', 'feeder', 'meter')
  AND NOT EXISTS (SELECT 1 FROM device_points x WHERE x.device_id = d.id AND x.key = 'EQ');

ALTER TABLE billing_tariffs ADD COLUMN declared_demand_kw double precision
  CHECK (declared_demand_kw IS NULL OR declared_demand_kw > 0);
`;
