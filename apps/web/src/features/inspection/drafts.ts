/**
 * Inspection drafts on the phone (docs/operations.md "Routine inspection"). A draft is the form as filled so far,
 * saved on every change under its task; it survives a closed tab and a lost connection (localStorage). Submitting
 * moves it to the outbox with the submission id it was given when the form started; the outbox is sent when the
 * phone is online again and kept until the server answers. The server applies a submission id once, so a resend
 * (a second tab, a retry after a lost answer) is never a second submission.
 */

import type { TaskDetail } from '@gridops/contract';

export interface DraftAnswer {
  key: string;
  ok: boolean | null;
  value: number | null;
  choice: number | null;
  note: string;
  /** Resized photos, base64 JPEG without the data: prefix. */
  photos: string[];
}

export interface DraftCheckpoint {
  seq: number;
  code: string;
  method: 'scan' | 'typed';
  checked_in_at: string;
  answers: DraftAnswer[];
}

export interface Draft {
  task_id: number;
  submission_id: string;
  checkpoints: DraftCheckpoint[];
  /** Set when the worker pressed submit: the draft is in the outbox. */
  queued: boolean;
  saved_at: string;
  /** The task as last read, so a tab reopened without a connection still shows the route and items. */
  task?: TaskDetail | undefined;
}

export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const KEY = 'gridops.inspection.drafts';

export function createDraftStore(storage: DraftStorage, newId: () => string = () => crypto.randomUUID()) {
  const read = (): Record<string, Draft> => {
    try {
      return JSON.parse(storage.getItem(KEY) ?? '{}') as Record<string, Draft>;
    } catch {
      return {};
    }
  };
  const write = (all: Record<string, Draft>) => storage.setItem(KEY, JSON.stringify(all));
  /** Tasks being sent right now, so two triggers (online event, button) never send one draft at once. */
  const sending = new Set<number>();

  return {
    get: (taskId: number): Draft | undefined => read()[taskId],

    /** The task's draft, created (with its submission id) when the form is first opened. */
    open(taskId: number): Draft {
      const all = read();
      const existing = all[taskId];
      if (existing) return existing;
      const d: Draft = { task_id: taskId, submission_id: newId(), checkpoints: [], queued: false, saved_at: new Date().toISOString() };
      all[taskId] = d;
      write(all);
      return d;
    },

    /** Saves the form; the task kept with the draft (rememberTask) stays. */
    save(d: Draft): void {
      const all = read();
      all[d.task_id] = { ...d, task: d.task ?? all[d.task_id]?.task, saved_at: new Date().toISOString() };
      write(all);
    },

    /** Keeps the task as last read with its draft, for a form reopened offline. */
    rememberTask(task: TaskDetail): void {
      const all = read();
      const d = all[task.id];
      if (!d) return;
      all[task.id] = { ...d, task };
      write(all);
    },

    queue(taskId: number): void {
      const all = read();
      const d = all[taskId];
      if (d) all[taskId] = { ...d, queued: true };
      write(all);
    },

    remove(taskId: number): void {
      const all = read();
      delete all[taskId];
      write(all);
    },

    outbox: (): Draft[] => Object.values(read()).filter((d) => d.queued),

    /**
     * Sends every queued draft once; a draft leaves the outbox when the server has answered (accepted, or
     * refused for good: `keep` decides). Answers the task ids that were sent successfully.
     */
    async flush(send: (d: Draft) => Promise<void>, keep: (err: unknown) => boolean): Promise<number[]> {
      const done: number[] = [];
      for (const d of Object.values(read()).filter((x) => x.queued)) {
        if (sending.has(d.task_id)) continue;
        sending.add(d.task_id);
        try {
          await send(d);
          this.remove(d.task_id);
          done.push(d.task_id);
        } catch (err) {
          if (!keep(err)) {
            // Refused by the server (e.g. a field): back to an editable draft, never resent blindly.
            const all = read();
            const cur = all[d.task_id];
            if (cur) all[d.task_id] = { ...cur, queued: false };
            write(all);
          }
        } finally {
          sending.delete(d.task_id);
        }
      }
      return done;
    },
  };
}

export type DraftStore = ReturnType<typeof createDraftStore>;

let shared: DraftStore | null = null;
/** The phone's draft store (localStorage). */
export function drafts(): DraftStore {
  shared ??= createDraftStore(window.localStorage);
  return shared;
}
