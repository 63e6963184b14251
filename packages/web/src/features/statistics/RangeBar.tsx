import { TIME_OPTION, type TimeOption } from '@gatehouse/contracts';
import { DatePicker, Radio, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useT } from '../../i18n/index.ts';
import type { StatRangeValue } from './api.ts';
import { DAY, MONTH } from '../../shared/dates.ts';

/** By month / by day, and the range with its shortcuts (001 §2 "Statistics"). */
export function RangeBar({ value, onChange }: { value: StatRangeValue; onChange: (v: StatRangeValue) => void }) {
  const { t } = useT();
  const month = value.option === TIME_OPTION.month;
  const today = dayjs().startOf('day');
  const tomorrow = today.add(1, 'day');
  const presets: { label: string; value: [Dayjs, Dayjs] }[] = [
    { label: t('ui.stat.thisYear'), value: [today.startOf('year'), tomorrow] },
    { label: t('ui.stat.last6Months'), value: [today.subtract(6, 'month'), tomorrow] },
    { label: t('ui.stat.last1Month'), value: [today.subtract(1, 'month'), tomorrow] },
  ];
  return (
    <Space wrap>
      <Radio.Group
        optionType="button"
        value={value.option}
        onChange={(e) => onChange({ ...value, option: e.target.value as TimeOption })}
        options={[
          { value: TIME_OPTION.month, label: t('ui.stat.byMonth') },
          { value: TIME_OPTION.day, label: t('ui.stat.byDay') },
        ]}
        data-testid="stat-option"
      />
      <span>{t('ui.stat.range')}</span>
      <DatePicker.RangePicker
        picker={month ? 'month' : 'date'}
        format={month ? MONTH : DAY}
        allowClear={false}
        value={[value.start, value.end]}
        presets={presets}
        onChange={(v) => {
          const [s, e] = v ?? [];
          if (s && e) onChange({ ...value, start: s.startOf('day'), end: e.startOf('day') });
        }}
        data-testid="stat-range"
      />
    </Space>
  );
}
