import type { FireImportResult } from '@gridops/contract';
import { Alert, App, Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalOf } from '../../shared/ui/listForm/ListFormPage';

const toBase64 = (file: File) =>
  file.arrayBuffer().then((buf) => {
    let s = '';
    const bytes = new Uint8Array(buf);
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });

/** Export and import buttons of a set's table; import errors listed by row and column in the user's language. */
export function XlsxTools({ onExport, onImport, settle, testId }: { onExport: () => Promise<void>; onImport?: (fileBase64: string) => Promise<FireImportResult>; settle: () => Promise<unknown>; testId: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [errors, setErrors] = useState<string[]>([]);
  const en = i18n.language.startsWith('en');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Button onClick={() => void onExport()} data-testid={`${testId}-export`}>
          {t('fireSets.export')}
        </Button>
        {onImport && (
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={async (file) => {
              setErrors([]);
              try {
                const r = await onImport(await toBase64(file));
                if (r.ok) message.success(t('fireSets.imported', { created: r.created, updated: r.updated }));
                else setErrors(r.errors.map((e) => t('fireSets.importRow', { row: e.row, column: e.column, message: en ? e.message.en : e.message.zh })));
              } catch (e) {
                message.error(refusalOf(e).message);
              }
              await settle();
              return false;
            }}
          >
            <Button data-testid={`${testId}-import`}>{t('fireSets.import')}</Button>
          </Upload>
        )}
      </Space>
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('fireSets.importErrors')}
          description={
            <ul style={{ margin: 0 }}>
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
        />
      )}
    </Space>
  );
}
