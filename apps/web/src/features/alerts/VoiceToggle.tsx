import { SoundOutlined, MutedOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { patchSession, useSession } from '../../session/store';
import { currentLang } from '../../shared/i18n';
import { speak, stopSpeaking } from '../../shared/speech';

export function VoiceToggle() {
  const { t } = useTranslation();
  const on = useSession((s) => s.voiceOn);
  const toggle = () => {
    const next = !on;
    patchSession({ voiceOn: next });
    if (next) speak(t('alerts.voiceEnabled'), currentLang());
    else stopSpeaking();
  };
  return (
    <Tooltip title={on ? t('shell.voiceOn') : t('shell.voiceOff')}>
      <Button
        type="text"
        onClick={toggle}
        aria-pressed={on}
        aria-label={t('alerts.voiceToggle')}
        data-testid="voice-toggle"
        data-on={on ? '1' : '0'}
        icon={on ? <SoundOutlined style={{ color: '#36cfc9', fontSize: 18 }} /> : <MutedOutlined style={{ fontSize: 18, color: 'rgba(255,255,255,0.65)' }} />}
      />
    </Tooltip>
  );
}
