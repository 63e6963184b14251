import { LIMITS, oplogRoutes, type OpLogRow } from '@gatehouse/contracts';
import { Descriptions } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ExportButton } from '../../shared/ExportButton.tsx';
import { useT } from '../../i18n/index.ts';
import { dateRange } from '../../shared/FilterBar.tsx';
import { ListPage } from '../../shared/ListPage.tsx';
import { FirstMenuSelect, SecondMenuSelect } from './MenuSelects.tsx';

/** Operation log (001 §2): who did what and when, with what changed; pages 20/100/200; export. */
export default function OperationLogPage() {
  const { t } = useT();
  const columns: ColumnsType<OpLogRow> = [
    { title: t('oplog.col.name1'), dataIndex: 'name1', width: 180 },
    { title: t('oplog.col.name2'), dataIndex: 'name2', width: 160 },
    { title: t('oplog.col.name'), dataIndex: 'name' },
    { title: t('oplog.col.regno'), dataIndex: 'regno', width: 140 },
    { title: t('oplog.col.addtime'), dataIndex: 'addtime', key: 'addtime', sorter: true, defaultSortOrder: 'descend', width: 180 },
  ];
  return (
    <ListPage<OpLogRow>
      breadcrumb={[t('menu.operationlog')]}
      queryKey={['oplog']}
      columns={columns}
      pageSizes={LIMITS.opLogPageSizes}
      route={oplogRoutes.getOpLogPage}
      expandable={{
        rowExpandable: (r) => r.changes.length > 0,
        expandedRowRender: (r) => (
          <Descriptions size="small" column={1} bordered title={t('oplog.col.changes')}>
            {r.changes.map((c) => (
              <Descriptions.Item key={c.field} label={c.field}>
                <s>{c.before || '∅'}</s> → {c.after || '∅'}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ),
      }}
      filters={{
        name1: { label: 'oplog.col.name1', render: () => <FirstMenuSelect /> },
        name2: { label: 'oplog.col.name2', render: (v) => <SecondMenuSelect pid={v.name1 as number | undefined} /> },
        regno: 'oplog.col.regno',
        ...dateRange('starttime', 'endtime'),
      }}
      toolbar={({ params }) => <ExportButton route={oplogRoutes.exportOpLog} params={params} sheet={t('oplog.sheet')} />}
    />
  );
}
