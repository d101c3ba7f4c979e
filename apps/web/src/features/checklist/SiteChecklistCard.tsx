import { CheckCircleFilled, ExclamationCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import type { ChecklistStep, SiteChecklist } from '@gridops/contract';
import { Button, Card, List, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { localName } from '../../shared/ui/localName';

const icon: Record<ChecklistStep['state'], React.ReactNode> = {
  done: <CheckCircleFilled style={{ color: '#52c41a' }} />,
  todo: <ExclamationCircleFilled style={{ color: '#faad14' }} />,
  na: <MinusCircleOutlined style={{ color: '#bfbfbf' }} />,
};

/** One station's checklist: each step's state, its count, and a link to the page that completes it. */
/** A link to the page that completes a step (in-app navigation, as the side menu does). */
export function GoButton({ route, testId }: { route: string; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button size="small" type="link" style={{ paddingInline: 0 }} onClick={() => void navigate(route)} data-testid={testId}>
      {t('checklist.go')}
    </Button>
  );
}

export function ChecklistSteps({ checklist }: { checklist: SiteChecklist }) {
  const { t } = useTranslation();
  return (
    <List<ChecklistStep>
      size="small"
      dataSource={checklist.steps}
      renderItem={(s) => (
        <List.Item
          data-testid={`checklist-${s.key}`}
          data-state={s.state}
          actions={
            s.state === 'todo'
              ? [<GoButton key="go" route={s.route} testId={`checklist-go-${s.key}`} />]
              : []
          }
        >
          <List.Item.Meta
            avatar={icon[s.state]}
            title={
              <Space size={8}>
                {t(`checklist.step.${s.key}.title`)}
                {s.total !== null && s.total > 0 && <Tag>{t('checklist.count', { done: s.done, total: s.total })}</Tag>}
                {s.state === 'na' && <Tag>{t('checklist.state.na')}</Tag>}
              </Space>
            }
            description={s.state === 'todo' ? t(`checklist.step.${s.key}.hint`) : undefined}
          />
        </List.Item>
      )}
    />
  );
}

/** The checklist as a card (the station page; the centre home's new sites). */
export function SiteChecklistCard({ checklist, showName = false }: { checklist: SiteChecklist; showName?: boolean }) {
  const { t, i18n } = useTranslation();
  const percent = Math.round((checklist.complete / checklist.total) * 100);
  return (
    <Card
      size="small"
      data-testid={`site-checklist-${checklist.project_id}`}
      title={
        <Space size={12}>
          {showName ? localName(checklist, i18n.language) : t('checklist.title')}
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {t('checklist.summary', { complete: checklist.complete, total: checklist.total })}
          </Typography.Text>
        </Space>
      }
      extra={<Progress type="circle" size={28} percent={percent} />}
    >
      <ChecklistSteps checklist={checklist} />
    </Card>
  );
}
