import type { Lang } from '@gridops/format';
import { i18n } from '../../../test/setupI18n';
import type { ChartLocale, ChartOption, TooltipParam } from './common';

/** The real strings of a language, as the pages get them. */
export const localeFor = (lang: Lang): ChartLocale => {
  const fixed = i18n.getFixedT(lang);
  return { lang, t: (k, o) => String(fixed(k, o ?? {})) };
};

type AnySeries = Record<string, unknown> & { id?: string; name?: string; type?: string; data?: unknown[] };
export const seriesOf = (o: ChartOption): AnySeries[] =>
  (Array.isArray(o.series) ? o.series : [o.series]) as AnySeries[];
export const byId = (o: ChartOption, id: string): AnySeries => {
  const s = seriesOf(o).find((x) => x.id === id);
  if (!s) throw new Error(`series ${id} missing`);
  return s;
};

/** Calls a tooltip/label formatter the way ECharts would. */
export function callFormatter(holder: unknown, params: TooltipParam | TooltipParam[]): string {
  const f = (holder as { formatter?: unknown }).formatter;
  if (typeof f !== 'function') throw new Error('no formatter');
  return String((f as (p: unknown) => unknown)(params));
}

export const stripTags = (html: string) => html.replace(/<[^>]+>/g, '');
