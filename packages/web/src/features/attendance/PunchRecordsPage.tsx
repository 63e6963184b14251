import { attendanceRoutes, type PunchRow } from '@gatehouse/contracts';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ExportButton } from '../../shared/ExportButton.tsx';
import { useT } from '../../i18n/index.ts';
import { crumbLink } from '../../shared/crumbLink.tsx';
import { ListPage } from '../../shared/ListPage.tsx';

/**
 * Punch records (001 §2 /dailycheck/record/{comId}/{date}): as the spec's detail
 * button, comId carries the person's account (registration number) and date the day
 * (yyyy-MM-dd); `?c=` keeps the company the user came from. Export: the server
 * streams the workbook (the web app has no spreadsheet writer) with the sheet
 * "equimentlist" and the file named after the punch-details label.
 */
export default function PunchRecordsPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const { comId = '', date = '' } = useParams();
  const [search] = useSearchParams();
  const company = search.get('c');
  const day = date.replaceAll('-', '/');
  const filters = {
    account: comId,
    starttime: `${day} 00:00:00`,
    endtime: `${day} 23:59:59`,
    iswork: 1,
    ...(company ? { communityId: Number(company) } : {}),
  };
  const columns: ColumnsType<PunchRow> = [
    { title: t('att.col.account'), dataIndex: 'account' },
    { title: t('att.col.deviceName'), dataIndex: 'deviceName' },
    { title: t('att.col.addtime'), dataIndex: 'addtime', key: 'addtime', sorter: true, defaultSortOrder: 'ascend' },
  ];
  return (
    <ListPage<PunchRow>
      breadcrumb={[
        t('menu.access'),
        crumbLink('/access/dailycheck', t('menu.access.dailycheck')),
        `${t('att.punchDetails')} - ${comId} ${day}`,
      ]}
      queryKey={['attendance', 'punches', comId, date, company]}
      columns={columns}
      route={attendanceRoutes.getPunchlistByPage}
      params={filters}
      toolbar={({ params }) => (
        <Space>
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate(company ? `/dailycheckrelation/dailydetail/${company}/` : '/access/dailycheck')}
          >
            {t('ui.att.back')}
          </Button>
          <ExportButton route={attendanceRoutes.exportPunchlist} params={{ ...filters, ...params }} sheet={t('att.punchDetails')} />
        </Space>
      )}
    />
  );
}
