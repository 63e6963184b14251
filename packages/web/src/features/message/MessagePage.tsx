import { messageRoutes, type MessageRow } from '@gatehouse/contracts';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { download } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';
import { useListReload } from '../../shared/useListReload.ts';
import { ListPage } from '../../shared/ListPage.tsx';
import { MESSAGE_TYPE } from '../../shared/statuses.ts';
import { dateRange } from '../../shared/FilterBar.tsx';
import { DeleteButton } from '../../shared/ConfirmButton.tsx';
import { deleteMessage } from './api.ts';
import { actionsColumn, enumColumn } from '../../shared/columns.tsx';

const KEY = ['messages'] as const;

/** Message management (001 §2): the import history, with the source file of each import. */
export default function MessagePage() {
  const { t } = useT();
  const { act } = useListReload(KEY);
  const columns: ColumnsType<MessageRow> = [
    { title: t('ui.message.title'), dataIndex: 'title', key: 'title', sorter: true, width: 220 },
    { title: t('ui.message.content'), dataIndex: 'content', width: 320 },
    enumColumn(t('ui.message.type'), 'type', MESSAGE_TYPE),
    { title: t('ui.message.createDate'), dataIndex: 'createDate', key: 'createDate', sorter: true, defaultSortOrder: 'descend' },
    { title: t('ui.message.creator'), dataIndex: 'creator' },
    { title: t('ui.message.community'), dataIndex: 'communityName' },
    actionsColumn(t('ui.actions'), (r) => (
      <Space>
        <Button
          size="small"
          disabled={!r.downloadFile}
          onClick={() => void download(messageRoutes.downloadMessageFile, { id: r.id }, `${r.title}.xlsx`)}
        >
          {t('ui.message.download')}
        </Button>
        <DeleteButton onConfirm={() => act(deleteMessage(r.id))} />
      </Space>
    )),
  ];
  return (
    <ListPage<MessageRow>
      breadcrumb={[t('menu.message')]}
      queryKey={KEY}
      columns={columns}
      route={messageRoutes.getMessagesPage}
      filters={{
        title: 'ui.message.title',
        type: { label: 'ui.message.type', options: MESSAGE_TYPE },
        ...dateRange('starttime', 'endtime'),
      }}
    />
  );
}
