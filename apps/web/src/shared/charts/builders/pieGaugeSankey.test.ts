import { describe, expect, it } from 'vitest';
import { hasChartData } from '../hasChartData';
import { flowFixture } from './fixtures';
import { buildGaugeOption, loadBand } from './gauge';
import { buildPieOption } from './pie';
import { buildSankeyOption, drawableLinks, labelWidthPx } from './sankey';
import { byId, callFormatter, localeFor, stripTags } from './testSupport';

describe('buildPieOption', () => {
  const items = [
    { name: '空调', value: 30000 },
    { name: '照明', value: 10000 },
    { name: '其他', value: null },
    { name: '电梯', value: 0 },
  ];
  it('is a donut with the scaled total in the middle, leaving out empty and zero items', () => {
    const o = buildPieOption({ items, unit: 'kWh' }, localeFor('zh'));
    expect(byId(o, 'pie')).toMatchObject({
      radius: ['36%', '54%'],
      data: [
        { name: '空调', value: 3 },
        { name: '照明', value: 1 },
      ],
    });
    expect(o.title).toMatchObject({ text: '4.00万kWh', subtext: '合计' });
    expect(stripTags(callFormatter(o.tooltip, { name: '空调', value: 3, percent: 75 }))).toBe(
      '空调: 3.00万kWh (75.0%)',
    );
  });
  it('can be a full pie, and is empty when nothing is positive', () => {
    const o = buildPieOption({ items, unit: 'kWh', donut: false }, localeFor('en'));
    expect(o.title).toBeUndefined();
    expect(byId(o, 'pie').radius).toBe('54%');
    expect(
      hasChartData(buildPieOption({ items: [{ name: 'a', value: 0 }], unit: 'kWh' }, localeFor('en'))),
    ).toBe(false);
  });
});

describe('buildGaugeOption', () => {
  it.each([
    [0, 'light'],
    [39.9, 'light'],
    [40, 'economic'],
    [74.9, 'economic'],
    [75, 'heavy'],
    [100, 'heavy'],
    [100.1, 'overload'],
  ] as const)('%s%% is %s', (v, band) => expect(loadBand(v)).toBe(band));

  it('colours the dial by band up to 120 % and names the band in the detail', () => {
    const o = buildGaugeOption({ value: 82.35 }, localeFor('zh'));
    const g = byId(o, 'gauge') as {
      max: number;
      axisLine: { lineStyle: { color: [number, string][] } };
      detail: { formatter: (v: number) => string };
      data: unknown[];
    };
    expect(g.max).toBe(120);
    expect(g.axisLine.lineStyle.color.map((c) => c[0])).toEqual([40 / 120, 75 / 120, 100 / 120, 1]);
    expect(g.detail.formatter(82.35)).toBe('82.4%\n{band|重载}');
    expect(g.data).toEqual([{ value: 82.35, name: '负载率' }]);
    expect(buildGaugeOption({ value: 50 }, localeFor('en')).series).toMatchObject([
      { data: [{ name: 'Load rate' }] },
    ]);
  });

  it('is empty without a value', () => {
    expect(hasChartData(buildGaugeOption({ value: null }, localeFor('zh')))).toBe(false);
    expect(hasChartData(buildGaugeOption({ value: 0 }, localeFor('zh')))).toBe(true);
  });
});

describe('buildSankeyOption', () => {
  it('drops links to unknown nodes, non-positive links and links that close a cycle', () => {
    expect(drawableLinks(flowFixture.nodes, flowFixture.links).map((l) => `${l.source}>${l.target}`)).toEqual(
      ['grid>bus', 'pv>bus', 'bus>load1', 'bus>load2'],
    );
  });

  it('labels nodes with their name and power, identified by id', () => {
    const o = buildSankeyOption(flowFixture, localeFor('zh'));
    const s = byId(o, 'flow') as {
      data: { name: string; itemStyle: { color: string } }[];
      links: unknown[];
      label: { formatter: (p: unknown) => string };
    };
    expect(s.data.map((n) => n.name)).toEqual(['grid', 'pv', 'bus', 'load1', 'load2']);
    expect(s.data[0]?.itemStyle.color).toBe('#2f8cff');
    expect(s.links).toHaveLength(4);
    expect(s.label.formatter({ name: 'bus', value: 1000 })).toBe('低压母线  1,000.0kW');
    expect(
      stripTags(
        callFormatter(o.tooltip, { dataType: 'edge', value: 800, data: { source: 'grid', target: 'bus' } }),
      ),
    ).toBe('电网 → 低压母线: 800.0kW');
  });

  it('leaves room on the right for the last column\'s labels (long English names), and shortens past the cap', () => {
    const en = {
      nodes: [
        { id: 'grid', name: 'Grid' },
        { id: 'ev', name: 'EV charging piles' },
        { id: 'pv', name: 'PV' },
      ],
      links: [
        { source: 'grid', target: 'ev', value: 420 },
        { source: 'pv', target: 'ev', value: 30 },
      ],
    };
    const s = byId(buildSankeyOption(en, localeFor('en')), 'flow') as { right: number; label: { width: number; overflow: string; formatter: (p: unknown) => string } };
    const text = s.label.formatter({ name: 'ev', value: 450 });
    expect(s.right).toBeGreaterThanOrEqual(labelWidthPx(text));
    expect(s.label.width).toBeLessThan(s.right);
    expect(s.label.overflow).toBe('truncate');
    const long = { ...en, nodes: en.nodes.map((n) => (n.id === 'ev' ? { ...n, name: 'A very long feeder name that no margin should grow to fit at all' } : n)) };
    expect((byId(buildSankeyOption(long, localeFor('en')), 'flow') as { right: number }).right).toBe(320);
  });

  it('is drawn whole on its first frame: no clip animation revealing it from the left', () => {
    const s = byId(buildSankeyOption(flowFixture, localeFor('zh')), 'flow') as { animation?: boolean };
    expect(s.animation).toBe(false);
  });

  it('scales kW to MW for large flows and is empty without links', () => {
    const o = buildSankeyOption(
      { nodes: flowFixture.nodes, links: [{ source: 'grid', target: 'bus', value: 25000 }] },
      localeFor('en'),
    );
    const s = byId(o, 'flow') as { links: { value: number }[]; label: { formatter: (p: unknown) => string } };
    expect(s.links[0]?.value).toBe(25);
    expect(s.label.formatter({ name: 'grid', value: 25 })).toBe('电网  25.0 MW');
    expect(hasChartData(buildSankeyOption({ nodes: flowFixture.nodes, links: [] }, localeFor('en')))).toBe(
      false,
    );
  });
});
