import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useT } from '../i18n/index.ts';
import { maxLengthOf } from './maxLengthOf.ts';

export interface FilterOption {
  value: string | number;
  label: string;
}

/** One filter of a list screen. Text filters search on Enter. */
export type FilterDef =
  | { name: string; label: string; type?: 'text' }
  | { name: string; label: string; type: 'select'; options: FilterOption[]; allowClear?: boolean }
  | { name: string; label: string; type: 'date' }
  | { name: string; label: string; type: 'custom'; render: () => ReactNode };

export type FilterValues = Record<string, string | number | Dayjs | undefined | null>;

/** Text filters are as long as the list route's input schema allows (`bounds`), else 100. */
export function FilterBar({
  filters,
  bounds,
  onSearch,
}: {
  filters: FilterDef[];
  bounds?: z.ZodObject;
  onSearch: (v: FilterValues) => void;
}) {
  const { t } = useT();
  const [form] = Form.useForm<FilterValues>();
  const submit = () => onSearch(form.getFieldsValue());
  return (
    <Form form={form} layout="inline" className="gh-filter-bar" onFinish={submit}>
      {filters.map((f) => (
        <Form.Item key={f.name} name={f.name} label={f.label}>
          {f.type === 'select' ? (
            <Select allowClear={f.allowClear ?? true} options={f.options} style={{ minWidth: 140 }} placeholder={t('ui.all')} />
          ) : f.type === 'date' ? (
            <DatePicker />
          ) : f.type === 'custom' ? (
            f.render()
          ) : (
            <Input
              allowClear
              maxLength={maxLengthOf(bounds?.shape[f.name] as z.ZodType | undefined) ?? 100}
              onPressEnter={submit}
              style={{ width: 160 }}
            />
          )}
        </Form.Item>
      ))}
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

/** Text filters in order, each a field name and the catalogue key of its label. */
export const textFilters = (t: (key: string) => string, fields: Record<string, string>): FilterDef[] =>
  Object.entries(fields).map(([name, label]) => ({ name, label: t(label) }));
