import { MONTH_REPORT_LANGUAGES, MONTH_REPORT_SECTIONS, type MonthReportLanguage, type MonthReportSection } from '@gridops/contract';
import { Checkbox, Form, Input, Space, Switch, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { listQueryProps, ListFormPage } from '../../shared/ui/listForm/ListFormPage';
import { localName } from '../../shared/ui/localName';
import { useCanConfigure } from '../../session/permissions';
import { SETUP_QUERY } from '../../shared/ui/setupPageLooks';
import { monthReportWrites, useMonthReportSettings, useSettleMonthReport } from './api';

interface Row {
  id: number;
  project_id: number;
  name: string;
  name_en: string;
  sections: MonthReportSection[];
  recipients: string[];
  languages: MonthReportLanguage[];
  auto_generate: boolean;
  version: number;
}
interface Values {
  sections: MonthReportSection[];
  languages: MonthReportLanguage[];
  recipients: string;
  auto_generate: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The textarea's addresses: one per line (commas and semicolons also split), blanks dropped. */
export const parseRecipients = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** /RunSetup/MonthReportSet: one row per site in scope with its report settings; `configure` edits them. */
export function MonthReportSetPage() {
  const { t, i18n } = useTranslation();
  const q = useMonthReportSettings();
  const settle = useSettleMonthReport();
  const items: Row[] | undefined = q.data?.items.map((s) => ({ ...s, id: s.project_id }));
  const columns: TableColumnsType<Row> = [
    { title: t('monthReport.set.site'), key: 'site', render: (_, r) => <span data-testid={`mr-set-site-${r.id}`}>{localName(r, i18n.language)}</span> },
    {
      title: t('monthReport.set.sections'),
      key: 'sections',
      render: (_, r) => (
        <Space size={[0, 4]} wrap>
          {r.sections.map((s) => (
            <Tag key={s}>{t(`monthReport.section.${s}`)}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t('monthReport.set.languages'), key: 'languages', render: (_, r) => r.languages.map((l) => t(`monthReport.set.lang.${l}`)).join(' + ') },
    { title: t('monthReport.set.recipients'), key: 'recipients', render: (_, r) => <span data-testid={`mr-set-recipients-${r.id}`}>{r.recipients.join(', ') || '—'}</span> },
    {
      title: t('monthReport.set.auto'),
      key: 'auto',
      render: (_, r) => (
        <Space>
          {r.auto_generate ? t('monthReport.set.on') : t('monthReport.set.off')}
          {r.version === 0 && <Tag>{t('monthReport.set.notStored')}</Tag>}
        </Space>
      ),
    },
  ];
  return (
    <ListFormPage<Row, Values>
      testId="month-report-set"
      look={SETUP_QUERY}
      intro={t('monthReport.set.intro')}
      {...listQueryProps({ ...q, data: items ? { items } : undefined })}
      columns={columns}
      canEdit={useCanConfigure()}
      text={{ add: '', addTitle: '', editTitle: t('monthReport.set.editTitle'), readOnly: t('monthReport.set.readOnly'), saved: t('monthReport.set.saved'), deleted: '', deleteTitle: () => '' }}
      initialValues={(r) => ({ sections: r?.sections ?? [...MONTH_REPORT_SECTIONS], languages: r?.languages ?? ['zh', 'en'], recipients: (r?.recipients ?? []).join('\n'), auto_generate: r?.auto_generate ?? true })}
      fields={() => (
        <>
          <Form.Item name="sections" label={t('monthReport.set.sections')} rules={[{ required: true, type: 'array', min: 1, message: t('monthReport.set.needOne') }]}>
            <Checkbox.Group data-testid="mr-set-sections" options={MONTH_REPORT_SECTIONS.map((s) => ({ value: s, label: t(`monthReport.section.${s}`) }))} />
          </Form.Item>
          <Form.Item name="languages" label={t('monthReport.set.languages')} rules={[{ required: true, type: 'array', min: 1, message: t('monthReport.set.needOne') }]}>
            <Checkbox.Group data-testid="mr-set-languages" options={MONTH_REPORT_LANGUAGES.map((l) => ({ value: l, label: t(`monthReport.set.lang.${l}`) }))} />
          </Form.Item>
          <Form.Item
            name="recipients"
            label={t('monthReport.set.recipients')}
            extra={t('monthReport.set.recipientsHint')}
            rules={[{ validator: (_, v: string) => (parseRecipients(v ?? '').every((a) => EMAIL.test(a)) ? Promise.resolve() : Promise.reject(new Error(t('monthReport.set.badEmail')))) }]}
          >
            <Input.TextArea rows={4} data-testid="mr-set-recipients" />
          </Form.Item>
          <Form.Item name="auto_generate" label={t('monthReport.set.auto')} valuePropName="checked">
            <Switch data-testid="mr-set-auto" />
          </Form.Item>
        </>
      )}
      save={(v, r) =>
        monthReportWrites.saveSettings({ project_id: r!.project_id, version: r!.version, sections: v.sections, languages: v.languages, recipients: parseRecipients(v.recipients), auto_generate: v.auto_generate })
      }
      settle={settle}
    />
  );
}
