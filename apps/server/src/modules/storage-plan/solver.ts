import { createRequire } from 'node:module';
import type { Highs, ModelData } from 'highs';

/** The package's default export (its declaration: `highsLoader(options?): Promise<Highs>`); no options needed here. */
type HighsLoader = () => Promise<Highs>;

/**
 * HiGHS (the `highs` package: the solver compiled to WebAssembly, no native add-on) loaded once per process.
 * Loaded through `require`: the package's one declaration file is typed as CommonJS (its package.json says
 * "type": "commonjs"), so TypeScript types an ESM default import as the module object while Node hands the ESM
 * build's function — the CommonJS build (build/highs.js, `module.exports` is the loader) matches its types. It
 * finds highs.wasm beside itself (the package stays in node_modules: tsc does not bundle), so no locateFile is
 * needed under the server build or the tests. Loading takes ~70 ms; solves are synchronous.
 */
const loadHighs = createRequire(import.meta.url)('highs') as HighsLoader;
let loading: Promise<Highs> | undefined;
export function solver(): Promise<Highs> {
  loading ??= loadHighs().catch((e: unknown) => {
    loading = undefined;
    throw e;
  });
  return loading;
}

/** A sparse LP/MIP written column by column and row by row, handed to HiGHS in CSR form. */
export class LpBuilder {
  readonly cost: number[] = [];
  readonly lower: number[] = [];
  readonly upper: number[] = [];
  readonly integer: boolean[] = [];
  private readonly rowLo: number[] = [];
  private readonly rowHi: number[] = [];
  private readonly starts: number[] = [0];
  private readonly index: number[] = [];
  private readonly value: number[] = [];

  /** A column; returns its index. */
  col(cost: number, lower: number, upper: number, integer = false): number {
    this.cost.push(cost);
    this.lower.push(lower);
    this.upper.push(upper);
    this.integer.push(integer);
    return this.cost.length - 1;
  }

  /** lo ≤ Σ coef·x ≤ hi; terms name each column once. */
  row(terms: readonly (readonly [number, number])[], lo: number, hi: number): void {
    for (const [j, v] of terms) {
      if (v === 0) continue;
      this.index.push(j);
      this.value.push(v);
    }
    this.starts.push(this.index.length);
    this.rowLo.push(lo);
    this.rowHi.push(hi);
  }

  get rows(): number {
    return this.rowLo.length;
  }

  model(highs: Highs): ModelData {
    const inf = highs.infinity;
    const fin = (v: number) => (v === Infinity ? inf : v === -Infinity ? -inf : v);
    const mip = this.integer.some(Boolean);
    return {
      numCols: this.cost.length,
      numRows: this.rowLo.length,
      sense: highs.constants.objectiveSense.minimize,
      colCost: this.cost,
      colLower: this.lower.map(fin),
      colUpper: this.upper.map(fin),
      rowLower: this.rowLo.map(fin),
      rowUpper: this.rowHi.map(fin),
      matrix: { format: 'csr', numRows: this.rowLo.length, numCols: this.cost.length, starts: this.starts, indices: this.index, values: this.value },
      ...(mip ? { integrality: this.integer.map((x) => (x ? highs.constants.variableType.integer : highs.constants.variableType.continuous)) } : {}),
    };
  }
}
