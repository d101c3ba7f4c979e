import { checkpointCode, type LedgerDevice } from '@gridops/contract';
import { Col, Descriptions, Drawer, Row, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { localName, localText } from '../../shared/ui/localName';
import { DocumentsTab } from './DocumentsTab';
import { HistoryTab } from './HistoryTab';
import { kindName, WARRANTY_COLOUR } from './labels';
import { NameplateForm } from './NameplateForm';

/** One device's ledger: what it is and where, then tabs for the nameplate form, its documents and its history. */
export function DeviceDrawer({ device, canEdit, onClose }: { device: LedgerDevice; canEdit: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Drawer open size={720} title={localName(device, lang)} onClose={onClose} destroyOnHidden data-testid="ledger-drawer">
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('ledger.col.kind')}>{kindName(device.kind, lang)}</Descriptions.Item>
        <Descriptions.Item label={t('ledger.col.project')}>{localText(device.project_name, device.project_name_en, lang)}</Descriptions.Item>
        <Descriptions.Item label={t('ledger.col.room')}>{device.room_id ? localText(device.room_name, device.room_name_en, lang) : t('ledger.noRoom')}</Descriptions.Item>
        <Descriptions.Item label={t('ledger.drawer.code')}>
          <code data-testid="ledger-drawer-code">{checkpointCode('device', device.id)}</code>
        </Descriptions.Item>
        <Descriptions.Item label={t('ledger.col.warranty')}>
          <Row gutter={8}>
            <Col>{device.warranty_until ?? ''}</Col>
            <Col>
              <Tag color={WARRANTY_COLOUR[device.warranty_state]}>{t(`ledger.warranty.${device.warranty_state}`)}</Tag>
            </Col>
          </Row>
        </Descriptions.Item>
      </Descriptions>
      <Tabs
        items={[
          { key: 'nameplate', label: <span data-testid="ledger-tab-nameplate">{t('ledger.drawer.nameplate')}</span>, children: <NameplateForm device={device} canEdit={canEdit} /> },
          { key: 'documents', label: <span data-testid="ledger-tab-documents">{t('ledger.drawer.documents')}</span>, children: <DocumentsTab deviceId={device.id} canEdit={canEdit} /> },
          { key: 'history', label: <span data-testid="ledger-tab-history">{t('ledger.drawer.history')}</span>, children: <HistoryTab deviceId={device.id} /> },
        ]}
      />
    </Drawer>
  );
}
