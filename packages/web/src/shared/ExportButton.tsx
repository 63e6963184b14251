import { DownloadOutlined } from '@ant-design/icons';
import type { RouteDef } from '@gatehouse/contracts';
import { Button, Modal, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { type DownloadProgress, download } from '../api/client.ts';
import { useT } from '../i18n/index.ts';

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * A list's export: its raw route called with the list's filters and sort (paging
 * dropped), the file named after the sheet when the server names none. While the file
 * comes, a dialog shows how many rows it holds (counted by the server before it starts)
 * and how much has arrived; Cancel aborts the request, and the server stops.
 */
export function ExportButton({ route, params, sheet }: { route: RouteDef; params: Record<string, unknown>; sheet: string }) {
  const { t } = useT();
  const { page: _p, rows: _r, ...filters } = params;
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const run = async () => {
    const ctl = new AbortController();
    abort.current = ctl;
    setProgress({ bytes: 0, rows: null });
    try {
      await download(route, filters, `${sheet}.xlsx`, { signal: ctl.signal, onProgress: setProgress });
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };
  return (
    <>
      <Button icon={<DownloadOutlined />} loading={progress !== null} onClick={() => void run()}>
        {t('ui.export')}
      </Button>
      <Modal
        open={progress !== null}
        title={t('ui.exportTitle', { sheet })}
        closable={false}
        maskClosable={false}
        keyboard={false}
        destroyOnHidden
        footer={
          <Button data-testid="export-cancel" onClick={() => abort.current?.abort()}>
            {t('ui.cancel')}
          </Button>
        }
      >
        <div data-testid="export-progress" role="status" style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <Spin />
          <div>
            <div>{progress?.rows != null ? t('ui.exportRows', { rows: progress.rows.toLocaleString() }) : t('ui.exportWaiting')}</div>
            <Typography.Text type="secondary">{t('ui.exportReceived', { size: size(progress?.bytes ?? 0) })}</Typography.Text>
          </div>
        </div>
      </Modal>
    </>
  );
}
