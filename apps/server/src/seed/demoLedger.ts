import type { Db } from '../db/database.js';

interface Plate {
  maker: string;
  maker_en: string;
  model: string;
  rating: string;
  /** Serial prefix as the maker prints it. */
  prefix: string;
  warrantyYears: number;
}

/** Believable nameplates per device kind (real makers of such equipment in China), both languages. */
const plates: Record<string, Plate[]> = {
  incomer: [
    { maker: '施耐德', maker_en: 'Schneider Electric', model: 'PIX 12', rating: '12 kV 1250 A 31.5 kA', prefix: 'SE', warrantyYears: 3 },
    { maker: 'ABB', maker_en: 'ABB', model: 'UniGear ZS1', rating: '12 kV 1250 A 25 kA', prefix: 'ABB', warrantyYears: 3 },
  ],
  transformer: [
    { maker: '正泰', maker_en: 'CHINT', model: 'SCB13-1250/10', rating: '1250 kVA 10/0.4 kV Dyn11', prefix: 'CT', warrantyYears: 5 },
    { maker: '特变电工', maker_en: 'TBEA', model: 'SCB14-800/10', rating: '800 kVA 10/0.4 kV Dyn11', prefix: 'TB', warrantyYears: 5 },
  ],
  feeder: [
    { maker: '施耐德', maker_en: 'Schneider Electric', model: 'Blokset / MTZ2', rating: '0.4 kV 1600 A', prefix: 'SE', warrantyYears: 3 },
    { maker: '正泰', maker_en: 'CHINT', model: 'NA8-1600', rating: '0.4 kV 1000 A', prefix: 'CT', warrantyYears: 2 },
  ],
  meter: [{ maker: '安科瑞', maker_en: 'Acrel', model: 'APM810', rating: '3×220/380 V 1.5(6) A Class 0.5S', prefix: 'AC', warrantyYears: 2 }],
  pv_inverter: [{ maker: '华为', maker_en: 'Huawei', model: 'SUN2000-100KTL-M1', rating: '100 kW 1100 V DC', prefix: 'HW', warrantyYears: 5 }],
  pcs: [{ maker: '阳光电源', maker_en: 'Sungrow', model: 'SC250HX', rating: '250 kW 0.4 kV', prefix: 'SG', warrantyYears: 5 }],
  bms: [{ maker: '宁德时代', maker_en: 'CATL', model: 'EnerOne 372', rating: '372 kWh 1331 V', prefix: 'CATL', warrantyYears: 8 }],
  ev_charger: [{ maker: '特来电', maker_en: 'TELD', model: 'TCDZ-DC120', rating: '120 kW DC 200–750 V', prefix: 'TLD', warrantyYears: 2 }],
  water_meter: [{ maker: '三川智慧', maker_en: 'Sanchuan', model: 'LXSY-50', rating: 'DN50 Q3 = 25 m³/h', prefix: 'SC', warrantyYears: 2 }],
  gas_meter: [{ maker: '金卡智能', maker_en: 'Goldcard', model: 'G16 ultrasonic', rating: 'G16 25 m³/h', prefix: 'GC', warrantyYears: 2 }],
  heat_meter: [{ maker: '丹佛斯', maker_en: 'Danfoss', model: 'SonoMeter 31', rating: 'DN80 qp 40 m³/h', prefix: 'DF', warrantyYears: 2 }],
  fire_sensor: [{ maker: '安科瑞', maker_en: 'Acrel', model: 'ARCM300', rating: 'IΔn 300 mA, 4× PT100', prefix: 'AC', warrantyYears: 2 }],
  env_sensor: [{ maker: '海康威视', maker_en: 'Hikvision', model: 'DS-TDSB00-EKT', rating: '12 V DC', prefix: 'HK', warrantyYears: 2 }],
  camera: [{ maker: '海康威视', maker_en: 'Hikvision', model: 'DS-2CD3T46WDV3', rating: '4 MP, 12 V DC / PoE', prefix: 'HK', warrantyYears: 3 }],
  access_terminal: [{ maker: '海康威视', maker_en: 'Hikvision', model: 'DS-K1T671M', rating: '12 V DC', prefix: 'HK', warrantyYears: 2 }],
  fan: [{ maker: '正泰', maker_en: 'CHINT', model: 'FZY-400', rating: '0.25 kW 380 V', prefix: 'CT', warrantyYears: 1 }],
  air_conditioner: [{ maker: '格力', maker_en: 'Gree', model: 'KFR-72LW', rating: '7.2 kW cooling, 380 V', prefix: 'GR', warrantyYears: 6 }],
  dehumidifier: [{ maker: '美的', maker_en: 'Midea', model: 'CF-90BD', rating: '90 L/day, 1.2 kW', prefix: 'MD', warrantyYears: 1 }],
  light: [{ maker: '欧普照明', maker_en: 'OPPLE', model: 'LED panel 40 W', rating: '40 W 220 V', prefix: 'OP', warrantyYears: 3 }],
  robot: [{ maker: '亿嘉和', maker_en: 'Yijiahe', model: 'YJH-IR200', rating: '48 V DC, 8 h per charge', prefix: 'YJH', warrantyYears: 2 }],
  water_pump: [{ maker: '格兰富', maker_en: 'Grundfos', model: 'CR 10-6', rating: '2.2 kW 380 V', prefix: 'GF', warrantyYears: 2 }],
};
const fallback: Plate = { maker: '正泰', maker_en: 'CHINT', model: 'Generic', rating: '220 V', prefix: 'CT', warrantyYears: 2 };

/** The plate as the device's own ratings say (the simulator runs it at those), where the catalogue has them. */
function ratedPlate(p: Plate, kind: string, props: Record<string, unknown>): Plate {
  const n = (k: string) => (typeof props[k] === 'number' ? (props[k] as number) : null);
  const kva = n('rated_kva');
  const kw = n('rated_kw');
  const kwh = n('capacity_kwh');
  if (kind === 'transformer' && kva) return { ...p, model: p.model.replace(/-\d+\//, `-${kva}/`), rating: `${kva} kVA 10/0.4 kV Dyn11` };
  if (kind === 'pv_inverter' && kw) return { ...p, rating: `${kw} kW AC (${Math.ceil(kw / 100)} × 100 kW)` };
  if (kind === 'pcs' && kw) return { ...p, rating: `${kw} kW${kwh ? ` / ${kwh} kWh` : ''} 0.4 kV` };
  if (kind === 'bms' && kwh) return { ...p, rating: `${kwh} kWh` };
  if (kind === 'ev_charger' && kw) return { ...p, model: `TCDZ-DC${kw}`, rating: `${kw} kW DC 200–750 V` };
  return p;
}

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A small, valid one-page PDF (hand-built objects with a correct xref), so the demo has a real document to open. */
export function demoPdf(lines: string[]): Buffer {
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 56 ${780 - i * 22} Td (${l.replace(/[()\\]/g, '\\$&')}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * Nameplates for every demo device (docs/operations.md "Equipment ledger"): makers by kind, installed two to six
 * years before the seed, warranties mostly running, every fifth expiring within the next 90 days and every
 * seventh already expired; and a factory test report for each site's first transformer.
 */
export async function seedDemoLedger(trx: Db): Promise<void> {
  const devices = await trx.selectFrom('devices').select(['id', 'kind', 'name_en', 'project_id', 'props']).orderBy('id').execute();
  if (devices.length === 0) return;
  const now = Date.now();
  const rows = devices.map((d, i) => {
    const list = plates[d.kind] ?? [fallback];
    const p = ratedPlate(list[d.project_id % list.length]!, d.kind, (d.props ?? {}) as Record<string, unknown>);
    const installed = now - (730 + ((i * 137) % 1460)) * DAY;
    const warranty = i % 5 === 0 ? now + (20 + ((i * 11) % 60)) * DAY : i % 7 === 0 ? now - (30 + i) * DAY : Math.max(installed + p.warrantyYears * 365 * DAY, now + (120 + ((i * 53) % 700)) * DAY);
    return {
      device_id: d.id,
      maker: p.maker,
      maker_en: p.maker_en,
      model: p.model,
      serial_no: `${p.prefix}${new Date(installed).getUTCFullYear()}${String(100_000 + d.id * 7919).slice(-6)}`,
      rating: p.rating,
      location: '',
      install_date: day(installed),
      warranty_until: day(warranty),
    };
  });
  await trx.insertInto('device_nameplates').values(rows).execute();
  const seen = new Set<number>();
  for (const d of devices) {
    if (d.kind !== 'transformer' || seen.has(d.project_id)) continue;
    seen.add(d.project_id);
    const plate = rows.find((r) => r.device_id === d.id)!;
    const content = demoPdf([
      'Factory test report',
      `${plate.maker_en} ${plate.model} - ${plate.rating}`,
      `Serial ${plate.serial_no}`,
      'Winding resistance, ratio and vector group: pass',
      'Insulation resistance HV-LV/earth > 2500 MOhm: pass',
      'Applied voltage 28 kV 60 s, induced voltage: pass',
      'Partial discharge at 1.3 Um < 10 pC: pass',
    ]);
    await trx.insertInto('device_documents').values({ device_id: d.id, name: `Factory test report ${plate.serial_no}.pdf`, mime: 'application/pdf', size: content.length, content, uploaded_by: null }).execute();
  }
}
