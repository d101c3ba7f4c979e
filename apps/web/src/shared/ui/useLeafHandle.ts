import { useMatches } from 'react-router';

/** What a routed page carries in `handle` (the shell's RouteHandle fits it): page key and layout meta. */
export interface LeafHandle {
  key: string;
  area: string;
  /** Layout type of spec §2 ('nobj' = no 3D scene behind the page), else 'scene'. */
  type: 'nobj' | 'scene';
}

/** The handle of the deepest matched route that has one: the page being shown. */
export function useLeafHandle(): LeafHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]?.handle as LeafHandle | undefined;
    if (h?.key) return h;
  }
  return undefined;
}
