import { Breadcrumb, Card } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { defaultRange, type StatRangeValue, useStatistics } from './api.ts';
import { RangeBar } from './RangeBar.tsx';
import { StatChart } from './StatChart.tsx';

/** Statistics (001 §2 "Statistics (/appcount)"): daily activity, talk and monitor records per month or day. */
export default function StatisticsPage() {
  const { t } = useT();
  const [range, setRange] = useState<StatRangeValue>(defaultRange);
  const activity = useStatistics('getDailyActivityRecordStatistics', range);
  const talk = useStatistics('getTalkRecordStatistics', range);
  const monitor = useStatistics('getMonitorRecordStatistics', range);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Breadcrumb items={[{ title: t('menu.appcount') }]} />
      <Card size="small">
        <RangeBar value={range} onChange={setRange} />
      </Card>
      <StatChart
        id="activity"
        title={t('ui.stat.activity')}
        series={[{ name: t('ui.stat.activitySeries'), pick: (p) => p.dataY }]}
        query={activity}
      />
      <StatChart
        id="talk"
        title={t('ui.stat.talk')}
        series={[
          { name: t('ui.stat.callsMade'), pick: (p) => p.dataY },
          { name: t('ui.stat.callsAnswered'), pick: (p) => p.dataY2 },
        ]}
        query={talk}
      />
      <StatChart
        id="monitor"
        title={t('ui.stat.monitor')}
        series={[{ name: t('ui.stat.monitorSeries'), pick: (p) => p.dataY }]}
        query={monitor}
      />
    </div>
  );
}
