import type { FirmwareCount, OverviewCommunity } from '@gatehouse/contracts';
import { Card, Col, Empty, Row } from 'antd';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useT } from '../../i18n/index.ts';

echarts.use([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Where a person would rather look than read: today's opens and refusals per community, and the firmware mix. */
export function OverviewCharts({ communities, firmware }: { communities: OverviewCommunity[]; firmware: FirmwareCount[] }) {
  const { t } = useT();
  const names = communities.map((c) => c.communityName);
  const today = {
    tooltip: { trigger: 'axis' },
    legend: { data: [t('ui.ov.opens'), t('ui.ov.refused')], bottom: 0 },
    grid: { left: 40, right: 16, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: names, axisLabel: { interval: 0, overflow: 'truncate', width: 80 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: t('ui.ov.opens'), type: 'bar', stack: 'today', color: '#52c41a', data: communities.map((c) => c.opensToday) },
      { name: t('ui.ov.refused'), type: 'bar', stack: 'today', color: '#ff4d4f', data: communities.map((c) => c.refusedToday) },
    ],
  };
  const fw = {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        radius: ['40%', '70%'],
        data: firmware.map((f) => ({ name: f.firmware || t('ui.ov.firmwareNone'), value: f.units })),
      },
    ],
  };
  return (
    <Row gutter={16}>
      <Col xs={24} lg={14}>
        <Card size="small" title={t('ui.ov.today')}>
          {communities.length ? (
            <ReactEChartsCore echarts={echarts} option={today} notMerge style={{ height: 280 }} />
          ) : (
            <Empty description={t('ui.ov.empty')} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('ui.ov.firmware')} data-testid="ov-firmware">
          {firmware.length ? (
            <ReactEChartsCore echarts={echarts} option={fw} notMerge style={{ height: 280 }} />
          ) : (
            <Empty description={t('ui.ov.empty')} />
          )}
          <div>
            {firmware.map((f) => (
              <span key={f.firmware} style={{ marginRight: 12 }} data-testid={`ov-fw-${f.firmware || 'none'}`}>
                {f.firmware || t('ui.ov.firmwareNone')}: {f.units} {t('ui.ov.units')}
              </span>
            ))}
          </div>
        </Card>
      </Col>
    </Row>
  );
}
