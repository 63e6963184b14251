import { PlusOutlined } from '@ant-design/icons';
import { type CommunityFile, LIMITS } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Image, Modal, Spin, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useEffect, useState } from 'react';
import { headers } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';
import { coversKey, sendCovers, useCovers } from './api.ts';
import { useApp } from '../../shared/useApp.ts';

/** JPEG by content, as the server checks it: the file starts with FF D8 FF. */
async function isJpeg(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 3).arrayBuffer());
  return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

/** The covers are served to signed-in users only: fetched with the session header, shown as blob URLs. */
function useImageUrls(files: CommunityFile[]): Record<number, string> {
  const [urls, setUrls] = useState<Record<number, string>>({});
  const ids = files.map((f) => f.fileId).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch when the set of files changes
  useEffect(() => {
    let alive = true;
    const made: string[] = [];
    void Promise.all(
      files.map(async (f) => {
        const res = await fetch(f.url, { headers: headers() });
        if (!res.ok) return [f.fileId, ''] as const;
        const u = URL.createObjectURL(await res.blob());
        made.push(u);
        return [f.fileId, u] as const;
      }),
    ).then((pairs) => alive && setUrls(Object.fromEntries(pairs)));
    return () => {
      alive = false;
      for (const u of made) URL.revokeObjectURL(u);
    };
  }, [ids]);
  return urls;
}

/**
 * The enclosure (cover) dialog (000 §5 "Cover upload", 001 §2 "Cover dialog"): picture
 * cards with preview and delete; JPEG only, under 1 MB, at most 3, checked here before
 * sending and again by the server.
 */
export function CoverDialog({ communityId, name, onClose }: { communityId: number; name: string; onClose: () => void }) {
  const { t } = useT();
  const { message, modal } = useApp();
  const qc = useQueryClient();
  const covers = useCovers(communityId);
  const files = covers.data ?? [];
  const urls = useImageUrls(files);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (fields: Record<string, string | number>, file?: File) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
    if (file) body.append('files', file);
    setBusy(true);
    try {
      qc.setQueryData(coversKey(communityId), await sendCovers(body));
    } catch {
      // the server's message has been shown
    } finally {
      setBusy(false);
    }
  };
  const fileList: UploadFile[] = files.map((f) => ({
    uid: String(f.fileId),
    name: f.name,
    status: 'done',
    url: urls[f.fileId] || undefined,
    thumbUrl: urls[f.fileId] || undefined,
  }));
  return (
    <Modal open title={t('ui.comm.covers', { name })} onCancel={onClose} footer={null} width={560} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('ui.comm.coverHint')}</Typography.Paragraph>
      {covers.isLoading ? (
        <Spin />
      ) : (
        <div data-testid="cover-list">
          <Upload
            listType="picture-card"
            accept=".jpg,.jpeg,image/jpeg"
            fileList={fileList}
            disabled={busy}
            beforeUpload={async (file) => {
              if (files.length >= LIMITS.coverImages) message.error(t('cover.maxReached'));
              else if (!(await isJpeg(file))) message.error(t('cover.onlyJpg'));
              else if (file.size > LIMITS.coverBytes) message.error(t('cover.tooLarge'));
              else await send({ communityId, func: 'add' }, file);
              return Upload.LIST_IGNORE;
            }}
            onPreview={(f) => setPreview(f.url ?? null)}
            onRemove={(f) =>
              new Promise<boolean>((resolve) => {
                modal.confirm({
                  title: t('ui.comm.coverDelete'),
                  okText: t('ui.ok'),
                  cancelText: t('ui.cancel'),
                  onOk: async () => {
                    await send({ communityId, func: 'del', fileId: f.uid });
                    resolve(false);
                  },
                  onCancel: () => resolve(false),
                });
              })
            }
          >
            {/* Kept visible at 3 so that a fourth try says why it is refused. */}
            <button type="button" style={{ border: 0, background: 'none' }} data-testid="cover-add">
              <PlusOutlined />
              <div style={{ marginTop: 8 }}>{t('ui.upload')}</div>
            </button>
          </Upload>
        </div>
      )}
      {preview ? (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ open: true, src: preview, onOpenChange: (v) => !v && setPreview(null) }}
        />
      ) : null}
    </Modal>
  );
}
