import type { SldDocument, SldKind } from '@gridops/contract';
import { Background, BackgroundVariant, ConnectionMode, Controls, ReactFlow, useReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { forwardRef, type CSSProperties, useImperativeHandle, useMemo, useRef, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { palette } from '../../../shared/theme/palette';
import { elementAt, toEdges, toNodes, withPositions, type SldEdge, type SldNode } from './flow';
import { GRID, newElement, type EditorAction } from './history';
import { placeFree } from './placement';
import { DRAG_TYPE } from './Palette';
import { SldEdgeView, SldNodeView } from './SldNode';

const nodeTypes = { sld: SldNodeView };
const edgeTypes = { sld: SldEdgeView };

export interface CanvasHandle {
  /** Adds a symbol in the middle of the visible canvas (palette click). */
  addCentre: (kind: SldKind) => void;
  fit: () => void;
}

interface Props {
  doc: SldDocument;
  dispatch: Dispatch<EditorAction>;
  selected: string | null;
  onSelect: (id: string | null) => void;
  readOnly: boolean;
  lang: 'zh' | 'en';
}

/**
 * The drawing surface (React Flow 12). The document in the reducer is the only truth: nodes and edges are
 * derived from it on every render; a drag only moves a transient copy and commits one `move` step when it
 * ends, snapped to the grid.
 */
export const EditorCanvas = forwardRef<CanvasHandle, Props>(function EditorCanvas({ doc, dispatch, selected, onSelect, readOnly, lang }, ref) {
  const { t } = useTranslation();
  const rf = useReactFlow<SldNode, SldEdge>();
  const wrap = useRef<HTMLDivElement>(null);
  const [moved, setMoved] = useState<Record<string, { x: number; y: number }>>({});
  const shown = useMemo(() => withPositions(doc, moved), [doc, moved]);
  const nodes = useMemo(() => toNodes(shown, lang, selected, readOnly), [shown, lang, selected, readOnly]);
  const edges = useMemo(() => toEdges(shown, selected), [shown, selected]);
  const byId = useMemo(() => new Map(doc.elements.map((e) => [e.id, e])), [doc]);

  const add = (kind: SldKind, x: number, y: number) => {
    const names = { label: t(`distribution.editor.kind.${kind}`, { lng: 'zh' }), label_en: t(`distribution.editor.kind.${kind}`, { lng: 'en' }) };
    const make = (px: number, py: number) => newElement(doc, kind, px, py, names);
    // The nearest free spot: never on top of an existing element or its label (placement.ts).
    const at = placeFree(doc, { x: kind === 'busbar' ? x - 200 : x, y }, make, lang);
    const el = make(at.x, at.y);
    dispatch({ type: 'add', element: el });
    onSelect(el.id);
  };

  useImperativeHandle(ref, () => ({
    addCentre: (kind) => {
      const r = wrap.current?.getBoundingClientRect();
      const p = r ? rf.screenToFlowPosition({ x: r.left + r.width / 2, y: r.top + r.height / 2 }) : { x: 200, y: 200 };
      // Consecutive clicks do not stack symbols on one spot: each goes to the nearest free place.
      add(kind, p.x, p.y);
    },
    // Only a drawing is fitted (an empty canvas keeps 1:1, so dropped symbols land where they are dropped).
    fit: () => {
      if (doc.elements.length) void rf.fitView({ padding: 0.15, maxZoom: 1.5 });
      else void rf.setViewport({ x: 0, y: 0, zoom: 1 });
    },
  }));

  const dragTo = (node: Node) => {
    const el = byId.get(node.id);
    return el ? elementAt(el, node.position) : null;
  };

  return (
    <div
      ref={wrap}
      data-testid="sld-canvas"
      style={{ flex: 1, minWidth: 0, height: 640, border: `1px solid ${palette.border}`, borderRadius: 6, position: 'relative' }}
      onDragOver={(e) => {
        if (readOnly) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDrop={(e) => {
        const kind = e.dataTransfer.getData(DRAG_TYPE) as SldKind;
        if (readOnly || !kind) return;
        e.preventDefault();
        const p = rf.screenToFlowPosition({ x: e.clientX, y: e.clientY });
        add(kind, p.x, p.y);
      }}
    >
      {doc.elements.length === 0 && (
        <div data-testid="sld-canvas-empty" style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: palette.textTertiary, pointerEvents: 'none', zIndex: 5 }}>
          {t('distribution.editor.canvasEmpty')}
        </div>
      )}
      <ReactFlow<SldNode, SldEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        colorMode="dark"
        style={{ background: palette.bgContainer, '--xy-background-color': palette.bgContainer } as CSSProperties}
        connectionMode={ConnectionMode.Loose}
        minZoom={0.2}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        elementsSelectable
        deleteKeyCode={readOnly ? null : ['Delete', 'Backspace']}
        nodeOrigin={[0, 0]}
        onNodeClick={(_, n) => onSelect(n.id)}
        onEdgeClick={(_, e: Edge) => onSelect(e.id)}
        onPaneClick={() => onSelect(null)}
        onNodeDrag={(_, node, dragged) => {
          const next: Record<string, { x: number; y: number }> = {};
          for (const n of dragged.length ? dragged : [node]) {
            const at = dragTo(n);
            if (at) next[n.id] = at;
          }
          setMoved(next);
        }}
        onNodeDragStop={(_, node, dragged) => {
          for (const n of dragged.length ? dragged : [node]) {
            const at = dragTo(n);
            if (at) dispatch({ type: 'move', id: n.id, x: at.x, y: at.y });
          }
          setMoved({});
        }}
        onConnect={(c) => dispatch({ type: 'connect', from: c.source, to: c.target })}
        isValidConnection={(c) => c.source !== c.target}
        onDelete={({ nodes: ns, edges: es }) => {
          dispatch({ type: 'remove', ids: ns.map((n) => n.id), wires: es.map((e) => ({ from: e.source, to: e.target })) });
          onSelect(null);
        }}
      >
        <Background variant={BackgroundVariant.Dots} gap={GRID * 2} size={1} color={palette.border} />
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
});
