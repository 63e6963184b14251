import { noticeRoutes, type NoticeRow } from '@gatehouse/contracts';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { download } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';
import { useListReload } from '../../shared/useListReload.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { NoticeDialog } from './NoticeDialog.tsx';
import { DeleteButton } from '../../shared/ConfirmButton.tsx';
import { deleteNotice } from './api.ts';
import { actionsColumn } from '../../shared/columns.tsx';

const KEY = ['notices'] as const;

/** Property notices (001 §2 "Notices"): list with title filter, add dialog, attachments, delete. */
export default function NoticePage() {
  const { t } = useT();
  const [adding, setAdding] = useState(false);
  const { reload, act } = useListReload(KEY);
  const columns: ColumnsType<NoticeRow> = [
    { title: t('ui.notice.title'), dataIndex: 'title', key: 'title', sorter: true, width: 200 },
    { title: t('ui.notice.content'), dataIndex: 'content', width: 300, ellipsis: true },
    { title: t('ui.notice.community'), dataIndex: 'communityName' },
    { title: t('ui.notice.validfrom'), dataIndex: 'validfrom', key: 'validfrom', sorter: true },
    { title: t('ui.notice.validto'), dataIndex: 'validto', key: 'validto', sorter: true },
    { title: t('ui.notice.creator'), dataIndex: 'creator' },
    { title: t('ui.notice.createDate'), dataIndex: 'createDate', key: 'createDate', sorter: true, defaultSortOrder: 'descend' },
    {
      title: t('ui.notice.files'),
      key: 'files',
      render: (_v, r) => (
        <Space direction="vertical" size={0}>
          {r.downloadFile.map((f) => (
            <Button
              key={f.id}
              type="link"
              size="small"
              onClick={() => void download(noticeRoutes.downloadNoticeFile, { id: f.id }, f.name)}
            >
              {f.name}
            </Button>
          ))}
        </Space>
      ),
    },
    actionsColumn(t('ui.actions'), (r) => <DeleteButton onConfirm={() => act(deleteNotice(r.id))} />),
  ];
  return (
    <>
      <ListPage<NoticeRow>
        breadcrumb={[t('menu.service'), t('menu.service.notice')]}
        queryKey={KEY}
        columns={columns}
        route={noticeRoutes.getNoticesPage}
        filters={{ title: 'ui.notice.title' }}
        toolbar={() => (
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('ui.notice.add')}
          </Button>
        )}
      />
      {adding && (
        <NoticeDialog
          onClose={(saved) => {
            setAdding(false);
            if (saved) void reload();
          }}
        />
      )}
    </>
  );
}
