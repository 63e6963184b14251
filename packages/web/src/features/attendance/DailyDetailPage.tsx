import { attendanceRoutes, type ClockInRow, WEEKDAYS } from '@gatehouse/contracts';
import { Button, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { crumbLink } from '../../shared/crumbLink.tsx';
import { ListPage } from '../../shared/ListPage.tsx';
import { fetchWorklist } from './api.ts';
import { CLOCK_STATUSES } from '../../shared/statuses.ts';
import { EnumTag, valueEnum } from '../../shared/valueEnum.tsx';
import { dateRange } from '../../shared/FilterBar.tsx';
import { actionsColumn } from '../../shared/columns.tsx';
import { DAY } from '../../shared/dates.ts';

type Row = ClockInRow & { key: string };

const span = (a: string, b: string) => (a || b ? `${a || '--'} ~ ${b || '--'}` : '');

/**
 * Daily clock-in detail of one company (001 §2): one row per person and day, computed
 * by the server from the punches and the company's rule; abnormal days in red. The
 * path's comId is the community id (see DailyCheckPage).
 */
export default function DailyDetailPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const communityId = Number(useParams().comId);
  const name = (useLocation().state as { name?: string } | null)?.name;
  const columns: ColumnsType<Row> = [
    { title: t('ui.att.name'), dataIndex: 'userName', key: 'userName', sorter: true },
    { title: t('ui.att.account'), dataIndex: 'account', key: 'account', sorter: true },
    { title: t('ui.att.date'), dataIndex: 'datetime', key: 'datetime', sorter: true, defaultSortOrder: 'descend' },
    { title: t('ui.att.weekday'), dataIndex: 'weektime', render: (v: number) => t(`ui.att.week.${v}`) },
    { title: t('ui.att.startWork'), dataIndex: 'opentime' },
    { title: t('ui.att.noonRange'), key: 'noon', render: (_v, r) => span(r.mstarttime, r.mendtime) },
    { title: t('ui.att.offWork'), dataIndex: 'closetime' },
    { title: t('ui.att.overtimeRange'), key: 'overtime', render: (_v, r) => span(r.pstarttime, r.pendtime) },
    { title: t('ui.att.duration'), dataIndex: 'longtime' },
    {
      title: t('ui.att.status'),
      dataIndex: 'status',
      render: (v: number) => <EnumTag of={CLOCK_STATUSES} value={v} data-status={v} />,
    },
    actionsColumn(t('ui.actions'), (r) => (
      <Button
        size="small"
        onClick={() => navigate(`/dailycheck/record/${encodeURIComponent(r.account)}/${r.datetime.replaceAll('/', '-')}?c=${communityId}`)}
      >
        {t('ui.att.clockDetails')}
      </Button>
    )),
  ];
  return (
    <ListPage<Row>
      breadcrumb={[
        t('menu.access'),
        crumbLink('/access/dailycheck', t('menu.access.dailycheck')),
        name ? `${t('ui.att.dailyDetailTitle')} - ${name}` : t('ui.att.dailyDetailTitle'),
      ]}
      queryKey={['attendance', 'worklist', communityId]}
      rowKey="key"
      columns={columns}
      bounds={attendanceRoutes.getAccessWorklistByPage}
      fetch={async (p) => {
        const page = await fetchWorklist(communityId, p);
        return { ...page, rows: page.rows.map((r) => ({ ...r, key: `${r.account}|${r.datetime}` })) };
      }}
      dateFormat={DAY}
      filters={{
        userName: 'ui.att.name',
        account: 'ui.att.account',
        weektime: { label: 'ui.att.weekday', options: valueEnum(WEEKDAYS, (v) => `ui.att.week.${v}`) },
        ...dateRange('starttime', 'endtime', ['ui.att.startDate', 'ui.att.endDate']),
        status: { label: 'ui.att.status', options: CLOCK_STATUSES },
      }}
      toolbar={() => <Typography.Text type="secondary">{t('ui.att.rangeHint')}</Typography.Text>}
    />
  );
}
