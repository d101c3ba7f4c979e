import { ErrorCode, type SldKind } from '@gridops/contract';
import { ReactFlowProvider } from '@xyflow/react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Select, Space, Tag, Tooltip } from 'antd';
import { BuildOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { useSession } from '../../../session/store';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction';
import { diagramCalls, useDiagram, useDiagramList, useRealtime, type SldDocument } from '../api';
import { DiagramNameDialog, DraftDialog, type DiagramNames } from './DiagramDialogs';
import { EditorCanvas, type CanvasHandle } from './EditorCanvas';
import { editorReducer, emptyState, fitCanvas } from './history';
import { Inspector } from './Inspector';
import { Palette } from './Palette';

const errText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The single-line diagram editor of one site: room and diagram pickers, palette, canvas, inspector. Saves
 * send the version read; a lost race shows the conflict and writes nothing. View-only without 'configure'.
 */
export function DiagramEditor({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const canEdit = useSession((s) => s.userInfo?.permissions.includes('configure') === true && s.userType !== 2);
  const rt = useRealtime(projectId);
  const rooms = useMemo(() => (rt.data?.rooms ?? []).filter((r) => r.id > 0), [rt.data]);
  const distRooms = useMemo(() => rooms.filter((r) => r.kind === 'distribution'), [rooms]);
  const [roomPick, setRoomPick] = useState<number | null>(null);
  const room = roomPick ?? distRooms[0]?.id ?? null;
  const list = useDiagramList(room);
  const [diagramId, setDiagramId] = useState<number | null>(null);
  const q = useDiagram(room, diagramId, { poll: false });

  const [state, dispatch] = useReducer(editorReducer, emptyState({ version: 1, width: 1200, height: 700, elements: [], wires: [] }));
  const [base, setBase] = useState<unknown>(null);
  const [version, setVersion] = useState(0);
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'new' | 'rename' | 'draft' | null>(null);
  // A draft asked for another room: shown once that room's diagram has loaded (an undo step over it).
  const [pendingDraft, setPendingDraft] = useState<{ room: number; doc: SldDocument } | null>(null);
  const [draftNote, setDraftNote] = useState<{ drawn: number; skipped: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const canvas = useRef<CanvasHandle>(null);
  const dirty = base !== null && state.doc !== base;
  const readOnly = !canEdit;

  // Load a diagram into the editor when another one is picked (or on Reload); saving keeps the history.
  const key = q.data ? `${q.data.room_id}:${q.data.diagram_id ?? 'generated'}` : null;
  // (State adjusted while rendering, the React way to reset state when an input changes.)
  if (q.data && key && key !== loadedKey) {
    setLoadedKey(key);
    dispatch({ type: 'load', doc: q.data.doc });
    setBase(q.data.doc);
    setVersion(q.data.version);
    setConflict(false);
    setSelected(null);
    if (pendingDraft && pendingDraft.room === q.data.room_id) {
      dispatch({ type: 'replace', doc: pendingDraft.doc });
      setPendingDraft(null);
    } else setDraftNote(null);
  }
  useEffect(() => {
    const id = requestAnimationFrame(() => canvas.current?.fit());
    return () => cancelAnimationFrame(id);
  }, [loadedKey]);

  const reload = () => {
    void list.refetch();
    void q.refetch().then(() => setLoadedKey(null));
  };
  const guard = (go: () => void) => (dirty && !window.confirm(t('distribution.editor.discard')) ? undefined : go());
  const pickRoom = (id: number) => guard(() => { setRoomPick(id); setDiagramId(null); setLoadedKey(null); });
  const pickDiagram = (id: number) => guard(() => { setDiagramId(id); setLoadedKey(null); });

  const save = useCallback(async () => {
    if (room === null || readOnly) return;
    setSaving(true);
    try {
      const doc = fitCanvas(state.doc);
      const r = await diagramCalls.save({ room_id: room, doc, version, diagram_id: q.data?.diagram_id ?? undefined });
      setVersion(r.version);
      setBase(state.doc);
      setLoadedKey(`${room}:${r.diagram_id}`);
      setDiagramId(r.diagram_id);
      message.success(t('distribution.editor.saved', { version: r.version }));
      void qc.invalidateQueries({ queryKey: ['distribution', 'diagrams', room] });
      void qc.invalidateQueries({ queryKey: ['distribution', 'diagram', room] });
    } catch (e) {
      if (e instanceof ApiError && e.code === ErrorCode.Conflict) setConflict(true);
      else message.error(errText(e));
    } finally {
      setSaving(false);
    }
  }, [room, readOnly, state.doc, version, q.data, message, t, qc]);

  // Ctrl+Z / Ctrl+Y (and Ctrl+Shift+Z), Ctrl+S — not while typing in a field.
  useEffect(() => {
    if (readOnly) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || (e.target as HTMLElement)?.closest?.('input, textarea')) return;
      const k = e.key.toLowerCase();
      if (k === 'z' || k === 'y') {
        e.preventDefault();
        dispatch({ type: k === 'y' || e.shiftKey ? 'redo' : 'undo' });
      } else if (k === 's') {
        e.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [readOnly, save]);

  const summary = list.data?.list.find((d) => d.id === q.data?.diagram_id);
  const submitNames = async (v: DiagramNames) => {
    if (room === null) return;
    try {
      if (dialog === 'new') {
        const made = await diagramCalls.create({ room_id: room, ...v });
        setDiagramId(made.id);
        setLoadedKey(null);
      } else if (summary) {
        const r = await diagramCalls.rename({ diagram_id: summary.id, name: v.name, name_en: v.name_en, version });
        setVersion(r.version);
      }
      setDialog(null);
      await qc.invalidateQueries({ queryKey: ['distribution', 'diagrams', room] });
      await qc.invalidateQueries({ queryKey: ['distribution', 'diagram', room] });
    } catch (e) {
      if (e instanceof ApiError && e.code === ErrorCode.Conflict) setConflict(true);
      message.error(errText(e));
    }
  };

  /** "Generate draft": the server draws the room; the editor shows it unsaved, one undo step, saved by Save. */
  const generateDraft = async (roomId: number) => {
    if (roomId !== room && dirty && !window.confirm(t('distribution.editor.discard'))) return;
    try {
      const r = await diagramCalls.draft({ project_id: projectId, room_id: roomId });
      const names = r.skipped.map((d) => (lang === 'en' && d.name_en ? d.name_en : d.name));
      setDialog(null);
      setDraftNote({ drawn: r.drawn.length, skipped: names });
      setSelected(null);
      if (roomId === room) {
        dispatch({ type: 'replace', doc: r.doc });
        requestAnimationFrame(() => canvas.current?.fit());
      } else {
        setPendingDraft({ room: roomId, doc: r.doc });
        setRoomPick(roomId);
        setDiagramId(null);
        setLoadedKey(null);
      }
      message.success(t('distribution.editor.drafted', { drawn: r.drawn.length }));
    } catch (e) {
      message.error(errText(e));
    }
  };

  const el = state.doc.elements.find((e) => e.id === selected) ?? null;
  const wire = !el && selected?.includes('>') ? state.doc.wires.find((w) => `${w.from}>${w.to}` === selected) ?? null : null;
  const diagramOptions = (list.data?.list ?? []).map((d) => ({ value: d.id, label: lang === 'en' && d.name_en ? d.name_en : d.name }));

  if (!rt.isLoading && distRooms.length === 0 && !rt.error) return <Empty description={t('distribution.editor.noRoom')} data-testid="sld-editor-no-room" />;
  return (
    <Card
      size="small"
      data-testid="sld-editor"
      title={
        <Space wrap>
          <Select data-testid="sld-editor-room" aria-label={t('distribution.editor.room')} style={{ minWidth: 180 }} value={room ?? undefined} onChange={pickRoom} loading={rt.isLoading} options={distRooms.map((r) => ({ value: r.id, label: r.name }))} />
          <Select
            data-testid="sld-editor-diagram"
            aria-label={t('distribution.editor.diagram')}
            style={{ minWidth: 180 }}
            value={q.data?.diagram_id ?? undefined}
            placeholder={q.data?.name}
            onChange={pickDiagram}
            loading={list.isLoading}
            options={diagramOptions}
          />
          {q.data && !q.data.stored && <Tag color="gold">{t('distribution.editor.generated')}</Tag>}
          {dirty ? <Tag color="orange" data-testid="sld-dirty">{t('distribution.editor.unsaved')}</Tag> : q.data?.stored && <Tag data-testid="sld-version">{t('distribution.editor.upToDate', { version })}</Tag>}
        </Space>
      }
      extra={
        !readOnly && (
          <Space wrap>
            <Tooltip title="Ctrl+Z">
              <Button icon={<UndoOutlined />} disabled={!state.past.length} onClick={() => dispatch({ type: 'undo' })} data-testid="sld-undo">
                {t('distribution.editor.undo')}
              </Button>
            </Tooltip>
            <Tooltip title="Ctrl+Y">
              <Button icon={<RedoOutlined />} disabled={!state.future.length} onClick={() => dispatch({ type: 'redo' })} data-testid="sld-redo">
                {t('distribution.editor.redo')}
              </Button>
            </Tooltip>
            <Button icon={<BuildOutlined />} onClick={() => setDialog('draft')} disabled={room === null} data-testid="sld-draft">
              {t('distribution.editor.draft')}
            </Button>
            <Button onClick={() => guard(() => setDialog('new'))} data-testid="sld-new">
              {t('distribution.editor.add')}
            </Button>
            <Button disabled={!summary} onClick={() => setDialog('rename')} data-testid="sld-rename">
              {t('distribution.editor.rename')}
            </Button>
            {summary && (
              <ConfirmAction
                title={t('distribution.editor.removeConfirm', { name: lang === 'en' && summary.name_en ? summary.name_en : summary.name })}
                okText={t('distribution.editor.remove')}
                label={t('distribution.editor.remove')}
                button={{ size: 'middle', 'data-testid': 'sld-delete' }}
                run={() => diagramCalls.remove({ diagram_id: summary.id, version })}
                done={t('distribution.editor.removed')}
                failure={errText}
                settle={async () => {
                  setDiagramId(null);
                  setLoadedKey(null);
                  await qc.invalidateQueries({ queryKey: ['distribution', 'diagrams', room] });
                  await qc.invalidateQueries({ queryKey: ['distribution', 'diagram', room] });
                }}
              />
            )}
            <Button type="primary" loading={saving} disabled={!dirty && q.data?.stored} onClick={() => void save()} data-testid="sld-save">
              {t('distribution.editor.save')}
            </Button>
          </Space>
        )
      }
    >
      {readOnly && <Alert type="info" showIcon title={t('distribution.editor.viewOnly')} style={{ marginBottom: 8 }} data-testid="sld-view-only" />}
      {conflict && (
        <Alert
          type="error"
          showIcon
          data-testid="sld-conflict"
          title={t('distribution.editor.conflict')}
          action={
            <Button size="small" onClick={reload} data-testid="sld-reload">
              {t('distribution.editor.reload')}
            </Button>
          }
          style={{ marginBottom: 8 }}
        />
      )}
      {draftNote && draftNote.skipped.length > 0 && (
        <Alert
          type="info"
          showIcon
          closable={{ onClose: () => setDraftNote(null) }}
          data-testid="sld-draft-skipped"
          title={t('distribution.editor.draftSkipped', { count: draftNote.skipped.length, names: draftNote.skipped.slice(0, 8).join(lang === 'en' ? ', ' : '、') + (draftNote.skipped.length > 8 ? '…' : '') })}
          style={{ marginBottom: 8 }}
        />
      )}
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
        {!readOnly && <Palette onAdd={(k: SldKind) => canvas.current?.addCentre(k)} />}
        <ReactFlowProvider>
          <EditorCanvas ref={canvas} doc={state.doc} dispatch={dispatch} selected={selected} onSelect={setSelected} readOnly={readOnly} lang={lang} />
        </ReactFlowProvider>
        <Inspector element={el} wire={wire} rooms={rooms} dispatch={dispatch} readOnly={readOnly} />
      </div>
      <DraftDialog open={dialog === 'draft'} rooms={distRooms} room={room} onCancel={() => setDialog(null)} onSubmit={generateDraft} />
      <DiagramNameDialog mode={dialog === 'rename' ? 'rename' : 'new'} open={dialog === 'new' || dialog === 'rename'} initial={dialog === 'rename' && summary ? summary : undefined} onCancel={() => setDialog(null)} onSubmit={submitNames} />
    </Card>
  );
}
