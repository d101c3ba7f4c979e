import { monthReportLabels, type MonthReportLanguage } from '@gridops/contract';
import type { Bundle } from '../../shared/i18n';

/** The report's words the PDF shows too (section and figure names), from the contract, under the page's keys. */
function reportWords(lang: MonthReportLanguage) {
  const { sections, levels, types, ...figures } = monthReportLabels[lang];
  const withUnit = (name: string, unit: string) => (lang === 'zh' ? `${name}（${unit}）` : `${name} (${unit})`);
  return { ...figures, section: sections, level: levels, type: types, outageMinutes: withUnit(figures.outageTime, figures.minutes) };
}

/** Strings of the monthly operation report pages (namespace key: `monthReport.*`): the shared words and the page's own. */
export const monthReportBundle: Bundle = {
  zh: {
    ...reportWords('zh'),
    notGenerated: '{{month}} 的运行报告尚未生成',
    notGeneratedHint: '每月 1 日自动生成上月报告；也可点击“生成报告”立即生成。',
    generate: '生成报告',
    regenerate: '重新生成',
    generated: '报告已生成',
    downloadPdf: '下载 PDF',
    downloadXlsx: '下载 Excel',
    generatedAt: '生成于 {{time}}（{{trigger}}）',
    trigger: { job: '定时任务', manual: '手动', seed: '演示数据' },
    mail: { none: '未发送邮件', pending: '邮件发送中', sent: '已发送邮件', failed: '部分邮件发送失败', no_smtp: '未配置邮件服务器' },
    history: '已生成的报告',
    set: {
      intro: '每个站点的月度运行报告：包含的章节、PDF 语言与邮件接收人。每月 1 日（站点时区）自动生成上月报告并通过推送设置中的 SMTP 服务器发送。',
      editTitle: '编辑月报设置',
      site: '站点',
      sections: '报告章节',
      languages: '报告语言',
      recipients: '邮件接收人',
      recipientsHint: '每行一个邮箱地址',
      auto: '每月自动生成',
      on: '开',
      off: '关',
      readOnly: '只读：当前账号无配置权限',
      saved: '已保存',
      notStored: '默认设置',
      badEmail: '请输入有效的邮箱地址',
      needOne: '请至少选择一项',
      lang: { zh: '中文', en: '英文' },
    },
  },
  en: {
    ...reportWords('en'),
    notGenerated: 'The operation report of {{month}} has not been generated yet',
    notGeneratedHint: "Each month's report is generated on the 1st of the next month; Generate makes it now.",
    generate: 'Generate',
    regenerate: 'Regenerate',
    generated: 'Report generated',
    downloadPdf: 'Download PDF',
    downloadXlsx: 'Download Excel',
    generatedAt: 'Generated {{time}} ({{trigger}})',
    trigger: { job: 'monthly job', manual: 'on demand', seed: 'demo data' },
    mail: { none: 'Not e-mailed', pending: 'E-mail being sent', sent: 'E-mailed', failed: 'Some e-mails failed', no_smtp: 'No mail server configured' },
    history: 'Generated reports',
    set: {
      intro: "Each site's monthly operation report: its sections, the PDF's languages and the e-mail recipients. On the 1st (site time) last month's report is generated and sent through the SMTP server of the push settings.",
      editTitle: 'Edit report settings',
      site: 'Site',
      sections: 'Sections',
      languages: 'Languages',
      recipients: 'E-mail recipients',
      recipientsHint: 'One address per line',
      auto: 'Generate monthly',
      on: 'On',
      off: 'Off',
      readOnly: 'Read only: this account may not configure',
      saved: 'Saved',
      notStored: 'Defaults',
      badEmail: 'Enter valid e-mail addresses',
      needOne: 'Choose at least one',
      lang: { zh: 'Chinese', en: 'English' },
    },
  },
};
