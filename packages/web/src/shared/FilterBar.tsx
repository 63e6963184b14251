import { Button, Select, Space } from 'antd';
// The plain input, without Input.Search, TextArea, Password and OTP that antd's `Input` carries along.
import Input from 'antd/es/input/Input';
import type { Dayjs } from 'dayjs';
import { cloneElement, isValidElement, type ReactNode, useRef, useState } from 'react';
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
  | { label: string; render: (values: FilterValues) => ReactNode };

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

/** What a control hands its onChange: an input's event (its value) or the value itself (Select, DatePicker, Cascader). */
const changedValue = (e: unknown): FilterValues[string] =>
  e && typeof e === 'object' && 'target' in e ? (e as { target: { value: string } }).target.value : (e as FilterValues[string]);

const optionsOf = (o: FilterOptions, t: (key: string) => string): FilterOption[] => (Array.isArray(o) ? o : enumOptions(o, t));

/**
 * The filters in a plain form (not antd's Form: its store and validator, ~20 kB gzip, were half of
 * what every list carried beyond the table). Each filter is a label whose `for` is the field's name
 * and a control whose id is that name (a custom control also gets its label as its accessible
 * name); Enter in a text filter (the form's own submit) or "Search" searches; "Reset" empties every filter and searches.
 * Text filters are as long as the list route's input allows (`limits`, field → max length), else 100.
 */
export function FilterBar({
  filters,
  limits,
  onSearch,
  initial,
  id,
  phone = false,
  hidden = false,
}: {
  /** The form's id (the phone's "Filters" button controls it). */
  id?: string;
  /** A phone: a filter per line, its label above it. */
  phone?: boolean;
  /** Folded away (a phone's filters until "Filters" is pressed): the values stay. */
  hidden?: boolean;
  filters: FilterSpec;
  limits: Readonly<Record<string, number>>;
  onSearch: (v: FilterValues) => void;
  /** Filters already applied when the list opens (a link to a filtered list). */
  initial?: FilterValues;
}) {
  const { t } = useT();
  const [values, setValues] = useState<FilterValues>(initial ?? {});
  // What was just chosen or typed, before the state holding it renders (Enter submits the form at once).
  const latest = useRef(values);
  const set = (name: string) => (e: unknown) => {
    latest.current = { ...latest.current, [name]: changedValue(e) };
    setValues(latest.current);
  };
  const submit = () => onSearch(latest.current);
  const reset = () => {
    latest.current = {};
    setValues({});
    onSearch({});
  };
  return (
    <form
      id={id}
      hidden={hidden}
      className={phone ? 'gh-filter-bar gh-filter-bar-phone' : 'gh-filter-bar'}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {Object.entries(filters).map(([name, spec]) => {
        const f = typeof spec === 'string' ? { label: spec } : spec;
        const label = t(f.label);
        const bound = { id: name, value: values[name] ?? undefined, onChange: set(name) };
        return (
          <div key={name} className="gh-filter">
            <label htmlFor={name}>{label}</label>
            {'options' in f ? (
              <Select
                {...bound}
                allowClear={f.allowClear ?? true}
                options={optionsOf(f.options, t)}
                style={{ minWidth: 140 }}
                placeholder={t('ui.all')}
              />
            ) : 'date' in f ? (
              <DateFilter {...bound} value={(values[name] as Dayjs | undefined) ?? undefined} />
            ) : 'render' in f ? (
              withField(f.render(values), { ...bound, 'aria-label': label })
            ) : (
              <Input
                {...bound}
                value={(values[name] as string | undefined) ?? ''}
                allowClear
                maxLength={limits[name] ?? 100}
                style={{ width: 160 }}
              />
            )}
          </div>
        );
      })}
      <Space>
        <Button type="primary" htmlType="submit">
          {t('ui.search')}
        </Button>
        <Button onClick={reset}>{t('ui.reset')}</Button>
      </Space>
    </form>
  );
}

/** A custom filter's control with the field's id, value and onChange, and its label as its accessible name. */
const withField = (node: ReactNode, field: Record<string, unknown>) => (isValidElement(node) ? cloneElement(node, field) : node);
