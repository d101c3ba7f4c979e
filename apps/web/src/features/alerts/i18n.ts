import type { Bundle } from '../../shared/i18n';

export const alertsBundle: Bundle = {
  zh: {
    levels: { 1: 'Ⅰ级', 2: 'Ⅱ级', 3: 'Ⅲ级', 4: 'Ⅳ级' },
    types: { 1: '消息', 2: '告警', 3: '故障' },
    voiceEnabled: '语音报警已开启',
    voiceDisabled: '语音报警已关闭',
    voiceToggle: '语音报警',
    capture: '抓拍',
  },
  en: {
    levels: { 1: 'Level I', 2: 'Level II', 3: 'Level III', 4: 'Level IV' },
    types: { 1: 'Message', 2: 'Alarm', 3: 'Fault' },
    voiceEnabled: 'Voice alarm enabled',
    voiceDisabled: 'Voice alarm disabled',
    voiceToggle: 'Voice alarm',
    capture: 'Capture',
  },
};
