import { Alert, Button, Descriptions, Input, Modal, Result, Space, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { secondsLeft } from './machine';
import type { ControlEvent, ControlState } from './machine';

const RESULT_STATUS = { succeeded: 'success', refused: 'error', timed_out: 'warning', failed: 'error' } as const;

/**
 * The confirm step of select-before-operate: the selected breaker or auxiliary device and action stay on screen with the
 * selection's remaining seconds while the operator types the password; then the gateway's answer.
 */
export function ControlDialog(props: {
  state: ControlState;
  dispatch: Dispatch<ControlEvent>;
  onExecute: (selectionId: string, password: string) => void;
  onCancel: (selectionId: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { state } = props;
  const [password, setPassword] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const expiresAt = state.step === 'selected' || state.step === 'executing' ? state.expiresAt : null;

  // The countdown; at zero the selection is gone on the server too, so the dialog says so.
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= expiresAt) props.dispatch({ type: 'expired' });
    }, 500);
    return () => clearInterval(timer);
  }, [expiresAt, props]);

  if (state.step === 'idle') return null;
  const target = state.target;
  const actionText = target.detail ?? t(`distribution.control.action.${target.action}`);
  // The colour of the state the action leads to (closed or running red, open or stopped green).
  const actionColour = target.action === 'close' || target.action === 'on' ? 'red' : target.action === 'setpoint' ? 'blue' : 'green';

  const header = (
    <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t('distribution.control.target')}>
        <span data-testid="confirm-target">{target.name}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('distribution.control.actionTitle')}>
        <Tag color={actionColour} data-testid="confirm-action" data-action={target.action}>
          {actionText}
        </Tag>
      </Descriptions.Item>
    </Descriptions>
  );

  const close = () => {
    setPassword('');
    if (state.step === 'selected' || state.step === 'selecting') props.onCancel(state.step === 'selected' ? state.selectionId : null);
    else props.onClose();
  };
  const submit = () => {
    if (state.step !== 'selected') return;
    if (!password) {
      props.dispatch({ type: 'executeFailed', message: t('distribution.control.passwordRequired'), retry: true });
      return;
    }
    props.onExecute(state.selectionId, password);
    setPassword('');
  };

  let body: React.ReactNode;
  let footer: React.ReactNode;
  if (state.step === 'selecting') {
    body = <Spin tip={t('distribution.control.selecting')}><div style={{ height: 80 }} /></Spin>;
    footer = null;
  } else if (state.step === 'selected' || state.step === 'executing') {
    const left = secondsLeft(state.expiresAt, now);
    body = (
      <>
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('distribution.control.confirmText', { action: actionText, target: target.name })}
          description={t('distribution.control.expiresIn', { s: left })}
          data-testid="confirm-countdown"
        />
        <Input.Password
          data-testid="control-password"
          autoFocus
          placeholder={t('distribution.control.password')}
          value={password}
          disabled={state.step === 'executing'}
          onChange={(e) => setPassword(e.target.value)}
          onPressEnter={submit}
          autoComplete="current-password"
        />
        {state.step === 'selected' && state.error && <Alert type="error" style={{ marginTop: 8 }} title={state.error} data-testid="control-error" />}
        {state.step === 'executing' && (
          <Alert type="info" style={{ marginTop: 8 }} showIcon icon={<Spin size="small" />} title={t('distribution.control.executing')} data-testid="control-executing" />
        )}
      </>
    );
    footer = (
      <Space>
        <Button onClick={close} disabled={state.step === 'executing'} data-testid="control-cancel">
          {t('common.cancel')}
        </Button>
        <Button type="primary" danger onClick={submit} loading={state.step === 'executing'} data-testid="control-execute">
          {t('distribution.control.execute')}
        </Button>
      </Space>
    );
  } else if (state.step === 'done') {
    body = (
      <Result
        status={RESULT_STATUS[state.result]}
        data-testid="control-result"
        data-result={state.result}
        title={t(`distribution.control.result.${state.result}`)}
        subTitle={[state.error, t('distribution.control.elapsed', { s: (state.elapsedMs / 1000).toFixed(1) })].filter(Boolean).join(' · ')}
      />
    );
    footer = <Button type="primary" onClick={close} data-testid="control-close">{t('common.close')}</Button>;
  } else {
    body = (
      <Result
        status="error"
        data-testid="control-result"
        data-result="error"
        title={state.stage === 'select' ? t('distribution.control.selectFailed') : t('distribution.control.executeFailed')}
        subTitle={state.message || t('distribution.control.expired')}
      />
    );
    footer = <Button onClick={close} data-testid="control-close">{t('common.close')}</Button>;
  }

  return (
    <Modal
      open
      title={t('distribution.control.dialogTitle')}
      onCancel={state.step === 'executing' || state.step === 'selecting' ? undefined : close}
      closable={state.step !== 'executing' && state.step !== 'selecting'}
      mask={{ closable: false }}
      footer={footer}
      destroyOnHidden
      data-testid="control-dialog"
    >
      {header}
      {body}
    </Modal>
  );
}
