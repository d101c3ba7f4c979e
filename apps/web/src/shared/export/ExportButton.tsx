import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteZone } from '../format/useSiteZone';
import { feedback } from '../ui/feedback';
import { exportXlsx } from './xlsx';
import type { ExportColumn, ExportOptions } from './xlsx';

export interface ExportButtonProps<Row> extends Omit<ButtonProps, 'onClick' | 'loading'> {
  fileName: string;
  columns: readonly ExportColumn<Row>[];
  /** The rows, or a function that fetches them (e.g. every page of a paged table) when clicked. */
  rows: readonly Row[] | (() => Promise<readonly Row[]>);
  options?: ExportOptions;
}

/** "导出 Excel / Export to Excel" button: spins while the file is built, reports failure once. */
export function ExportButton<Row>({
  fileName,
  columns,
  rows,
  options,
  children,
  ...rest
}: ExportButtonProps<Row>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // Times in the file are the selected site's, and the date columns name its zone.
  const zone = useSiteZone();
  const run = async () => {
    setBusy(true);
    try {
      const data = typeof rows === 'function' ? await rows() : rows;
      if (data.length === 0) feedback.warning(t('export.empty'));
      else await exportXlsx(fileName, columns, data, { zone, ...options });
    } catch (err) {
      console.error('[export]', err);
      feedback.error(t('export.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => void run()}
      data-testid="export-xlsx"
      {...rest}
    >
      {children ?? t('export.button')}
    </Button>
  );
}
