import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { controlApi } from '@gridops/contract';
import { api } from '../../../api/api';
import { ApiError } from '../../../api/http';
import { controlReducer, initialControl } from './machine';
import type { Target } from './machine';

const message = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : String(e));

/**
 * Select-before-operate against the server (breakers on /DevControl, auxiliary devices on /AuxControl):
 * the reducer's state plus the three calls; `refreshKeys` are the distribution queries to refetch after.
 */
export function useControlFlow(refreshKeys: readonly string[]) {
  const qc = useQueryClient();
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const [state, dispatch] = useReducer(controlReducer, initialControl);
  const refresh = () => {
    for (const k of refreshKeys) void qc.invalidateQueries({ queryKey: ['distribution', k] });
  };

  const select = async (target: Target) => {
    dispatch({ type: 'select', target });
    try {
      const body = {
        device_id: target.deviceId,
        action: target.action,
        ...(target.value === undefined ? {} : { value: target.value }),
        ...(target.schedule === undefined ? {} : { schedule: target.schedule }),
      };
      const r = await api(controlApi.select, body, { silent: true });
      dispatch({ type: 'selected', selectionId: r.selection_id, expiresAt: new Date(r.expires_at).getTime() });
      // Two-person rule (docs/control-config.md): another authorised user approves before the password is accepted.
      if (r.needs_approval) notification.info({ title: t('controlConfig.twoPerson'), description: t('controlConfig.needsApproval'), duration: 0 });
    } catch (e) {
      dispatch({ type: 'selectFailed', message: message(e) });
      refresh();
    }
  };
  const execute = async (selectionId: string, password: string) => {
    dispatch({ type: 'execute' });
    try {
      // The server waits up to 10 s for the gateway; allow for that on top of the request itself.
      const r = await api(controlApi.execute, { selection_id: selectionId, password }, { silent: true, timeoutMs: 30_000 });
      dispatch({ type: 'executed', result: r.status, error: r.error, elapsedMs: r.elapsed_ms });
    } catch (e) {
      dispatch({ type: 'executeFailed', message: message(e) });
    }
    refresh();
  };
  const cancel = (selectionId: string | null) => {
    if (selectionId) void api(controlApi.cancel, { selection_id: selectionId }, { silent: true }).catch(() => undefined).finally(refresh);
    dispatch({ type: 'cancel' });
  };
  const close = () => {
    dispatch({ type: 'close' });
    refresh();
  };
  return { state, dispatch, select, execute, cancel, close };
}
