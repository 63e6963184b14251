import { ConfigProvider } from 'antd';
import Input from 'antd/es/input/Input';
import type { DatePickerProps } from 'antd';
import { type ComponentType, lazy, Suspense, useContext } from 'react';

// antd's DatePicker (its panels, dayjs adapters and styles, ~30 kB gzip) loads with the first
// filter bar that shows a date, after the list has drawn, not with the list's own chunk.
const DatePicker = lazy(() => import('antd/es/date-picker').then((m) => ({ default: m.default as ComponentType<DatePickerProps> })));

/** Stands in for the date picker while it loads: same place, same placeholder, the Form.Item's id. */
function Pending({ id, ...aria }: Pick<DatePickerProps, 'id' | 'aria-label'>) {
  const placeholder = useContext(ConfigProvider.ConfigContext).locale?.DatePicker?.lang.placeholder;
  return <Input id={id} aria-label={aria['aria-label']} placeholder={placeholder} readOnly style={{ width: DATE_FILTER_WIDTH }} />;
}

/** The width antd gives an empty DatePicker (its input size and the calendar icon), in px. */
const DATE_FILTER_WIDTH = 151;

/** A list filter's date (Form.Item passes id, value and onChange). */
export function DateFilter(p: DatePickerProps) {
  return (
    <Suspense fallback={<Pending id={p.id} aria-label={p['aria-label']} />}>
      <DatePicker {...p} />
    </Suspense>
  );
}
