import { InboxOutlined } from '@ant-design/icons';
import type { Envelope, ImportReport, ImportRowError, RouteDef } from '@gatehouse/contracts';
import { Alert, Button, Modal, Progress, Space, Upload } from 'antd';
import { useState } from 'react';
import { download, headers } from '../api/client.ts';
import { notifier } from '../api/notify.ts';
import { navigateTo } from '../api/navigate.ts';
import { tr, useT } from '../i18n/index.ts';
import { importPercent, newImportId } from './import-percent.ts';
import { importStageText, watchImport } from './import-progress.ts';
import { RegionTable } from './scrollRegion.tsx';

type RowError = ImportRowError;

export interface ImportDialogProps {
  title: string;
  /** Raw GET route answering the template (.xlsx, headers in the session language), named by the server. */
  templateRoute: RouteDef;
  /** Multipart route receiving `file` and the extra fields. */
  uploadRoute: RouteDef;
  fields?: Record<string, string | number>;
  /** GET route answering the server's progress of the import (sent `importId`); without it the bar shows the upload alone. */
  progressRoute?: RouteDef;
  onClose: () => void;
  onImported: () => void;
}

/** Upload with progress (the upload, then the server's work) and the report of rejected rows, answered by the server's import runner. */
function upload(route: RouteDef, form: FormData, onProgress: (p: number) => void): Promise<Envelope<ImportReport | null>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${route.path}`);
    for (const [k, v] of Object.entries(headers())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 90));
    xhr.onload = () => {
      try {
        resolve(JSON.parse(xhr.responseText) as Envelope<ImportReport | null>);
      } catch {
        reject(new Error('bad answer'));
      }
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.send(form);
  });
}

export function ImportDialog(p: ImportDialogProps) {
  const { t } = useT();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [stage, setStage] = useState('');
  const [report, setReport] = useState<{
    ok: boolean;
    text: string;
    errors: RowError[];
    omitted: number;
    kinds: ImportReport['kinds'];
  } | null>(null);
  const start = async () => {
    if (!file) {
      notifier().warning(tr('v.choose', { field: tr('f.file') }));
      return;
    }
    const form = new FormData();
    for (const [k, v] of Object.entries(p.fields ?? {})) form.append(k, String(v));
    const importId = newImportId();
    if (p.progressRoute) form.append('importId', importId);
    form.append('file', file);
    setReport(null);
    setProgress(1);
    setStage(tr('ui.import.uploading'));
    const stop = p.progressRoute
      ? watchImport(p.progressRoute, importId, (s) => {
          setProgress(importPercent(s));
          setStage(importStageText(s));
        })
      : () => {};
    try {
      const env = await upload(p.uploadRoute, form, p.progressRoute ? (n) => setProgress(Math.round(n / 3)) : setProgress).finally(stop);
      setProgress(100);
      if (env.status === 401) navigateTo('/login');
      if (env.status === 403) navigateTo('/403');
      const ok = env.status === 200;
      setReport({
        ok,
        text: env.msgs[0] ?? '',
        errors: env.content?.errors ?? [],
        omitted: env.content?.omitted ?? 0,
        kinds: env.content?.kinds ?? [],
      });
      if (ok) {
        notifier().success(env.msgs[0] ?? tr('ok.imported'));
        p.onImported();
      }
    } catch {
      notifier().error(tr('err.network'));
    } finally {
      setStage('');
      setTimeout(() => setProgress(null), 400);
    }
  };
  return (
    <Modal
      open
      title={p.title}
      onCancel={p.onClose}
      width={720}
      footer={[
        <Button key="close" onClick={p.onClose}>
          {t('ui.close')}
        </Button>,
        <Button key="go" type="primary" onClick={() => void start()} loading={progress !== null} data-testid="import-start">
          {t('ui.import')}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button type="link" style={{ padding: 0 }} onClick={() => void download(p.templateRoute, {}, 'template.xlsx')}>
          {t('ui.downloadTemplate')}
        </Button>
        <Upload.Dragger
          accept=".xlsx"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setReport(null);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('ui.chooseFile')} (.xlsx)</p>
        </Upload.Dragger>
        {progress !== null ? <Progress percent={progress} status="active" data-testid="import-progress" /> : null}
        {progress !== null && stage ? <div data-testid="import-stage">{stage}</div> : null}
        {report ? <Alert type={report.ok ? 'success' : 'error'} showIcon message={report.text} data-testid="import-result" /> : null}
        {report?.errors.length ? (
          <RegionTable<RowError>
            name={p.title}
            size="small"
            rowKey={(r) => `${r.row}-${r.column}-${r.message}`}
            dataSource={report.errors}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            data-testid="import-errors"
            columns={[
              { title: t('ui.import.row'), dataIndex: 'row', width: 80 },
              { title: t('ui.import.column'), dataIndex: 'column', width: 160 },
              { title: t('ui.import.message'), dataIndex: 'message' },
            ]}
          />
        ) : null}
        {report?.omitted ? (
          <Alert
            type="warning"
            data-testid="import-omitted"
            message={t('ui.import.omitted', { n: report.omitted })}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {report.kinds.slice(0, 20).map((k) => (
                  <li key={`${k.column}-${k.message}`}>
                    {t('ui.import.kindCount', { column: k.column || '-', message: k.message, count: k.count })}
                  </li>
                ))}
              </ul>
            }
          />
        ) : null}
      </Space>
    </Modal>
  );
}
