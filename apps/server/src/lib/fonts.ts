import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where the server finds fonts (docs/monthly-report.md "Fonts", docs/video.md): the system's font directories
 * (FONT_DIRS; default the usual Linux ones) searched for known file names, then the CJK font shipped with the
 * server as an npm dependency (@embedpdf/fonts-sc: Noto Sans Hans, OFL-1.1, GB2312's 6 763 hanzi), so a machine
 * with nothing but Node still writes Chinese. Looked up each time a caller asks (a report, a camera's ffmpeg), not
 * once at start: fonts installed while the server runs are used without a restart. No fontconfig (`fc-list`):
 * the server may run where it is not installed, and FONT_DIRS must be able to hide the system's fonts (tests).
 */
export const DEFAULT_FONT_DIRS = ['/usr/share/fonts', '/usr/local/share/fonts'];

/** How deep below a font directory files are looked for (Debian: /usr/share/fonts/opentype/noto/x.ttc is 2). */
const MAX_DEPTH = 3;

/** The first of `names` (in that order of preference) found in `dirs`, as a path; null when none is there. */
export function findFontFile(dirs: readonly string[], names: readonly string[]): string | null {
  const found = new Map<string, string>();
  const wanted = new Set(names);
  const walk = (dir: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && depth < MAX_DEPTH) walk(p, depth + 1);
      else if (wanted.has(e.name) && !found.has(e.name)) found.set(e.name, p);
    }
  };
  for (const d of dirs) walk(d, 0);
  for (const n of names) {
    const p = found.get(n);
    if (p) return p;
  }
  return null;
}

/** System CJK fonts, best first: Noto CJK as Debian/Ubuntu (fonts-noto-cjk), Arch and Fedora name its files. */
export const SYSTEM_CJK_FONTS = ['NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular.otf', 'NotoSansSC-Regular.otf', 'NotoSerifCJK-Regular.ttc'];

const require = createRequire(import.meta.url);

/** The regular face of the npm-shipped CJK font (an OpenType/CFF .otf, which pdfkit and ffmpeg embed); null when not installed. */
export function packageCjkFont(): string | null {
  try {
    // The package exports only its index (dist/index.cjs); the fonts sit in ../fonts beside it.
    const file = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts', 'NotoSansHans-Regular.otf');
    return fs.existsSync(file) ? file : null;
  } catch {
    return null;
  }
}

export interface FoundFont {
  file: string;
  /** Where it came from: the system's font directories or the npm package. */
  source: 'system' | 'package';
}

/** A CJK font: the system's (FONT_DIRS) first, else the shipped one; null when neither exists. */
export function findCjkFont(dirs: readonly string[]): FoundFont | null {
  const system = findFontFile(dirs, SYSTEM_CJK_FONTS);
  if (system) return { file: system, source: 'system' };
  const shipped = packageCjkFont();
  return shipped ? { file: shipped, source: 'package' } : null;
}
