import type { OverviewCommunity } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Breadcrumb, Card, Progress, Space, Statistic, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useRef } from 'react';
import { useT } from '../../i18n/index.ts';
import { useLive } from '../../shared/live.ts';
import { OVERVIEW_KEY, useOverview } from './api.ts';
import { OverviewCharts } from './OverviewCharts.tsx';
import { PlainList } from '../../shared/PlainList.tsx';

/** The overview is fetched again at most this often while live events arrive (never on a timer). */
const REFRESH_AFTER_EVENT_MS = 5000;

/**
 * Overview (/overview): per community the units online, fully in sync, today's opens and
 * refusals and the open alerts; charts of today's traffic and the firmware mix. It follows
 * the live stream: an event of any kind reloads the figures (at most every 5 s).
 */
export default function OverviewPage() {
  const { t } = useT();
  const qc = useQueryClient();
  const q = useOverview();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useLive(['access', 'device', 'command', 'alarm'], () => {
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      qc.invalidateQueries({ queryKey: OVERVIEW_KEY });
    }, REFRESH_AFTER_EVENT_MS);
  });
  const rows = q.data?.communities ?? [];
  const sum = (f: (c: OverviewCommunity) => number) => rows.reduce((n, c) => n + f(c), 0);
  const total = sum((c) => c.unitsTotal);
  const columns: ColumnsType<OverviewCommunity> = [
    { title: t('ui.ov.community'), dataIndex: 'communityName' },
    {
      title: t('ui.ov.online'),
      key: 'online',
      render: (_v, c) => (
        <span data-testid={`ov-online-${c.communityId}`}>
          {c.unitsOnline} / {c.unitsTotal}
        </span>
      ),
    },
    {
      title: t('ui.ov.sync'),
      key: 'sync',
      render: (_v, c) => (
        <Progress
          percent={c.syncPercent}
          size="small"
          status={c.syncPercent < 100 ? 'active' : 'success'}
          style={{ width: 140 }}
          aria-label={`${t('ui.ov.sync')}: ${c.communityName}`}
        />
      ),
    },
    {
      title: t('ui.ov.opens'),
      dataIndex: 'opensToday',
      render: (v: number, c) => <span data-testid={`ov-opens-${c.communityId}`}>{v}</span>,
    },
    { title: t('ui.ov.refused'), dataIndex: 'refusedToday' },
    {
      title: t('ui.ov.alarms'),
      dataIndex: 'openAlarms',
      render: (v: number, c) => (
        <Tag color={v ? 'error' : 'default'} data-testid={`ov-alarms-${c.communityId}`}>
          {v}
        </Tag>
      ),
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Breadcrumb items={[{ title: t('menu.overview') }]} />
      <Card size="small" title={t('ui.ov.totals')}>
        <Space size="large" wrap>
          <Statistic title={t('ui.ov.online')} value={`${sum((c) => c.unitsOnline)} / ${total}`} />
          <Statistic title={t('ui.ov.sync')} value={total ? Math.round((sum((c) => c.unitsInSync) * 1000) / total) / 10 : 100} suffix="%" />
          <Statistic title={t('ui.ov.opens')} value={sum((c) => c.opensToday)} />
          <Statistic title={t('ui.ov.refused')} value={sum((c) => c.refusedToday)} />
          <Statistic title={t('ui.ov.alarms')} value={sum((c) => c.openAlarms)} />
        </Space>
      </Card>
      <OverviewCharts communities={rows} firmware={q.data?.firmware ?? []} />
      <Card size="small">
        <PlainList<OverviewCommunity> rowKey="communityId" rows={rows} loading={q.isFetching} empty={t('ui.ov.empty')} columns={columns} />
      </Card>
    </Space>
  );
}
