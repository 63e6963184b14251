import type { StatPoint } from '@gatehouse/contracts';
import { Card, Empty, Spin } from 'antd';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useT } from '../../i18n/index.ts';

echarts.use([LineChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

export interface SeriesDef {
  name: string;
  pick: (p: StatPoint) => number;
}

/**
 * One line chart: title and legend in the session language; the totals per series
 * are shown (and in data-totals) so the values can be read without the canvas.
 */
export function StatChart({
  id,
  title,
  series,
  query,
}: {
  id: string;
  title: string;
  series: SeriesDef[];
  /** The query of the chart's statistics route. */
  query: { data?: StatPoint[]; isFetching: boolean };
}) {
  const { t } = useT();
  const points = query.data;
  const loading = query.isFetching;
  const totals = series.map((s) => (points ?? []).reduce((sum, p) => sum + s.pick(p), 0));
  const empty = !!points && totals.every((n) => n === 0);
  const option = {
    title: { text: title, left: 'center', textStyle: { fontSize: 14 } },
    tooltip: { trigger: 'axis' },
    legend: { data: series.map((s) => s.name), bottom: 0 },
    grid: { left: 40, right: 24, top: 40, bottom: 40 },
    xAxis: { type: 'category', boundaryGap: false, data: (points ?? []).map((p) => p.dataX) },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({ name: s.name, type: 'line', smooth: true, data: (points ?? []).map(s.pick) })),
  };
  return (
    <Card
      size="small"
      title={title}
      data-testid={`stat-${id}`}
      data-totals={points ? totals.join(',') : ''}
      data-points={points ? points.length : ''}
      extra={
        <span data-testid={`stat-${id}-totals`}>
          {t('ui.stat.total')}: {series.map((s, i) => `${s.name} ${totals[i]}`).join(' · ')}
        </span>
      }
    >
      <Spin spinning={loading}>
        {empty ? (
          <Empty description={t('ui.stat.empty')} style={{ height: 280, paddingTop: 80 }} />
        ) : (
          <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height: 280 }} />
        )}
      </Spin>
    </Card>
  );
}
