import { Button, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { cloneElement, isValidElement, type ReactNode } from 'react';
import { useT } from '../i18n/index.ts';
import { DateFilter } from './DateFilter.tsx';
import { enumOptions, type ValueEnum } from './valueEnum.tsx';

export interface FilterOption {
  value: string | number;
  label: string;
}

/** A select's choices: options already labelled (lookups), or a value enum whose labels are catalogue keys. */
export type FilterOptions = FilterOption[] | ValueEnum<string | number>;

/** One filter of a list screen (labels are catalogue keys). */
export type FilterField =
  | { label: string; options: FilterOptions; allowClear?: boolean }
  | { label: string; date: true }
  | { label: string; render: () => ReactNode };

/**
 * A list's filters by field name, in the order they show. A text filter is just the catalogue key of
 * its label (it searches on Enter; its max length comes from the list route's input limits).
 */
export type FilterSpec = Record<string, string | FilterField>;

/**
 * A list's date range: the filters `from` and `to` (ListPage sends the "to" day whole when its name
 * ends in to/end/endtime), labelled "Start date" / "End date" unless other catalogue keys are given.
 */
export const dateRange = (from: string, to: string, labels: readonly [string, string] = ['ui.startDate', 'ui.endDate']): FilterSpec => ({
  [from]: { label: labels[0], date: true },
  [to]: { label: labels[1], date: true },
});

export type FilterValues = Record<string, string | number | Dayjs | undefined | null>;

/**
 * A custom filter carries its label as its accessible name too (the label's `for` only reaches it
 * when the control puts Form.Item's `id` on its input); the control passes `aria-label` on.
 */
const named = (node: ReactNode, label: string) =>
  isValidElement<{ 'aria-label'?: string }>(node) ? cloneElement(node, { 'aria-label': label }) : node;

const optionsOf = (o: FilterOptions, t: (key: string) => string): FilterOption[] => (Array.isArray(o) ? o : enumOptions(o, t));

/** Text filters are as long as the list route's input allows (`limits`, field → max length), else 100. */
export function FilterBar({
  filters,
  limits,
  onSearch,
}: {
  filters: FilterSpec;
  limits: Readonly<Record<string, number>>;
  onSearch: (v: FilterValues) => void;
}) {
  const { t } = useT();
  const [form] = Form.useForm<FilterValues>();
  const submit = () => onSearch(form.getFieldsValue());
  return (
    <Form form={form} layout="inline" className="gh-filter-bar" onFinish={submit}>
      {Object.entries(filters).map(([name, spec]) => {
        const f = typeof spec === 'string' ? { label: spec } : spec;
        const label = t(f.label);
        return (
          <Form.Item key={name} name={name} label={label}>
            {'options' in f ? (
              <Select
                allowClear={f.allowClear ?? true}
                options={optionsOf(f.options, t)}
                style={{ minWidth: 140 }}
                placeholder={t('ui.all')}
              />
            ) : 'date' in f ? (
              <DateFilter />
            ) : 'render' in f ? (
              named(f.render(), label)
            ) : (
              <Input allowClear maxLength={limits[name] ?? 100} onPressEnter={submit} style={{ width: 160 }} />
            )}
          </Form.Item>
        );
      })}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('ui.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              submit();
            }}
          >
            {t('ui.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
