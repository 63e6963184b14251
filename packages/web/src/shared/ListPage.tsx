import { LIMITS, type Page, type RouteDef } from '@gatehouse/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { FilterOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Empty, Space, Table } from 'antd';
import type { ColumnsType, TablePaginationConfig, TableProps } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import dayjs, { type Dayjs } from 'dayjs';
import { type Key, type ReactNode, useRef, useState } from 'react';
import type { z } from 'zod';
import { call, headers } from '../api/client.ts';
import { earlyContent, rememberFirstRequest } from '../api/early.ts';
import { requestKey } from '../api/request.ts';
import { inputLimits } from '../api/inputLimits.ts';
import { useT } from '../i18n/index.ts';
import { BatchDeleteButton, type BatchDeleteDef } from './BatchDeleteButton.tsx';
import { FilterBar, type FilterSpec, type FilterValues } from './FilterBar.tsx';
import { Panel } from './Panel.tsx';
import { PhoneRows } from './PhoneRows.tsx';
import { useScrollRegion } from './scrollRegion.tsx';
import { usePhone } from './usePhone.ts';
import { useTableHeight } from './useTableHeight.ts';
import { DATE_TIME } from './dates.ts';

export interface ListParams {
  page: number;
  rows: number;
  sort?: string;
  order?: 'asc' | 'desc';
  [filter: string]: unknown;
}

export interface ToolbarCtx<Row> {
  selectedKeys: Key[];
  selectedRows: Row[];
  params: ListParams;
  reload: () => void;
  clearSelection: () => void;
}

export interface ListPageProps<Row> {
  /** Breadcrumb items (catalogue texts already translated). */
  breadcrumb: ReactNode[];
  /** react-query key of the list; invalidate it to reload. */
  queryKey: readonly unknown[];
  /** The list route: called with paging, sort, the filters and `params`; its input limits bound the text filters. */
  route?: RouteDef<z.ZodObject, Page<Row>>;
  /** Fixed inputs of the list route (the door unit, the kind of card list, ...). */
  params?: Record<string, unknown>;
  /** Instead of a route: a fetch of its own (with `bounds`, the route it calls, whose input limits bound the filters). */
  fetch?: (params: ListParams) => Promise<Page<Row>>;
  bounds?: RouteDef;
  columns: ColumnsType<Row>;
  /** The field that identifies a row (default `id`). */
  rowKey?: keyof Row & string;
  /** The filter bar: field name → label key, or a select / date / custom control (`FilterSpec`). */
  filters?: FilterSpec;
  /** Filters applied when the list opens (a link to a filtered list, e.g. a unit's failed commands). */
  initialFilters?: FilterValues;
  toolbar?: (ctx: ToolbarCtx<Row>) => ReactNode;
  /** A batch-delete button after the toolbar (rows become selectable). */
  batchDelete?: BatchDeleteDef<Row>;
  /** Selectable rows without a batch delete (default: only with one). */
  selectable?: boolean;
  pageSizes?: readonly number[];
  /** Polls the list (ms), e.g. the door-unit list every 30 s. */
  refetchInterval?: number;
  /** Date filters are sent as yyyy/MM/dd HH:mm:ss; names ending in "to"/"end" get 23:59:59. */
  dateFormat?: string;
  /** Expandable rows (e.g. the changes of an operation-log entry). */
  expandable?: TableProps<Row>['expandable'];
}

function serialize(values: FilterValues, fmt: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || v === '') continue;
    if (dayjs.isDayjs(v)) {
      const end = /(to|end|endtime)$/i.test(k);
      out[k] = (end ? (v as Dayjs).endOf('day') : (v as Dayjs).startOf('day')).format(fmt);
    } else out[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** How many filters hold a value (the phone's "Filters (2)"). */
const activeFilters = (params: ListParams) =>
  Object.entries(params).filter(([k, v]) => !['page', 'rows', 'sort', 'order'].includes(k) && v !== undefined && v !== '').length;

/**
 * Every list screen (DESIGN §5): breadcrumb, filter bar (Enter searches),
 * server-sorted table, pager 50/100/200 with 0-based pages, table height by window.
 * On a phone (`usePhone`) the filters fold behind a "Filters" button and the rows are cards (`PhoneRows`).
 */
export function ListPage<Row extends object>(p: ListPageProps<Row>) {
  const { t } = useT();
  const phone = usePhone();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const qc = useQueryClient();
  const height = useTableHeight();
  const sizes = p.pageSizes ?? LIMITS.pageSizes;
  const [params, setParams] = useState<ListParams>(() => ({
    page: 0,
    rows: sizes[0] ?? LIMITS.defaultPageSize,
    ...(p.initialFilters ? serialize(p.initialFilters, p.dateFormat ?? DATE_TIME) : {}),
  }));
  const [selected, setSelected] = useState<{ keys: Key[]; rows: Row[] }>({ keys: [], rows: [] });
  const firstCall = useRef(true);
  const earlyAt = useRef<number | undefined>(undefined);
  const q = useQuery({
    queryKey: [...p.queryKey, params],
    queryFn: () => {
      if (p.fetch) return p.fetch(params);
      const input = { ...params, ...p.params };
      // The first page's request, sent as the app starts the next time it opens here (api/early.ts).
      if (firstCall.current && !p.initialFilters) rememberFirstRequest(window.location.pathname, requestKey(p.route as RouteDef, input));
      firstCall.current = false;
      return call(p.route as RouteDef, input) as Promise<Page<Row>>;
    },
    // The first page's answer when it came in before the first draw (api/early.ts): drawn at once.
    initialData: () => {
      if (p.fetch || p.initialFilters || !firstCall.current) return undefined;
      const early = earlyContent(requestKey(p.route as RouteDef, { ...params, ...p.params }), headers());
      if (!early) return undefined;
      firstCall.current = false;
      earlyAt.current = early.at;
      return early.content as Page<Row>;
    },
    initialDataUpdatedAt: () => earlyAt.current,
    placeholderData: keepPreviousData,
    refetchInterval: p.refetchInterval,
  });
  const reload = () => qc.invalidateQueries({ queryKey: p.queryKey });
  const clearSelection = () => setSelected({ keys: [], rows: [] });

  const onChange = (pg: TablePaginationConfig, _f: unknown, sorter: SorterResult<Row> | SorterResult<Row>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = s?.order ? String(s.columnKey ?? s.field) : undefined;
    setParams((prev) => ({
      ...prev,
      page: (pg.current ?? 1) - 1,
      rows: pg.pageSize ?? prev.rows,
      sort: field,
      order: s?.order === 'ascend' ? 'asc' : s?.order === 'descend' ? 'desc' : undefined,
    }));
  };

  // The table body scrolls (scroll.y): a region reached by keyboard, named after the list.
  const tableRef = useRef<HTMLDivElement>(null);
  const last = p.breadcrumb[p.breadcrumb.length - 1];
  const regionName = typeof last === 'string' && last ? last : t('ui.listRows');
  useScrollRegion(tableRef, regionName);

  const data = q.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Breadcrumb items={p.breadcrumb.map((title) => ({ title }))} />
      <Panel small>
        {p.filters && Object.keys(p.filters).length && phone ? (
          <Button
            icon={<FilterOutlined />}
            aria-expanded={filtersOpen}
            aria-controls="gh-filters"
            onClick={() => setFiltersOpen((o) => !o)}
            style={filtersOpen ? { marginBottom: 12 } : undefined}
            data-testid="filters-button"
          >
            {activeFilters(params) ? t('ui.filtersOn', { count: activeFilters(params) }) : t('ui.filters')}
          </Button>
        ) : null}
        {p.filters && Object.keys(p.filters).length ? (
          <FilterBar
            id="gh-filters"
            phone={phone}
            hidden={phone && !filtersOpen}
            filters={p.filters}
            initial={p.initialFilters}
            limits={inputLimits(p.bounds ?? p.route)}
            onSearch={(v) =>
              setParams((prev) => ({
                page: 0,
                rows: prev.rows,
                sort: prev.sort,
                order: prev.order,
                ...serialize(v, p.dateFormat ?? DATE_TIME),
              }))
            }
          />
        ) : null}
      </Panel>
      <Panel small>
        {p.toolbar || p.batchDelete ? (
          <div className="gh-toolbar">
            {p.toolbar?.({ selectedKeys: selected.keys, selectedRows: selected.rows, params, reload, clearSelection })}
            {p.batchDelete ? (
              <BatchDeleteButton
                def={p.batchDelete}
                listKey={p.queryKey}
                keys={selected.keys}
                rows={selected.rows}
                clearSelection={clearSelection}
              />
            ) : null}
          </div>
        ) : null}
        {phone ? (
          <PhoneRows<Row>
            rows={data?.rows ?? []}
            columns={p.columns}
            rowKey={p.rowKey ?? ('id' as keyof Row & string)}
            loading={q.isFetching}
            empty={t('ui.empty')}
            name={regionName}
            selection={
              p.selectable || p.batchDelete ? { keys: selected.keys, onChange: (keys, rows) => setSelected({ keys, rows }) } : undefined
            }
            expandedRow={p.expandable?.expandedRowRender ? (row, i) => p.expandable?.expandedRowRender?.(row, i, 0, true) : undefined}
            pagination={{
              current: params.page + 1,
              pageSize: params.rows,
              total: data?.total ?? 0,
              showTotal: (total) => t(data?.estimated ? 'ui.totalEstimated' : 'ui.total', { total }),
            }}
            onPage={(page, size) => setParams((prev) => ({ ...prev, page: page - 1, rows: size }))}
          />
        ) : (
          <Table<Row>
            ref={(r) => {
              tableRef.current = r?.nativeElement ?? null;
            }}
            rowKey={p.rowKey ?? 'id'}
            size="small"
            loading={q.isFetching}
            columns={p.columns}
            dataSource={data?.rows ?? []}
            scroll={{ y: height, x: 'max-content' }}
            locale={{ emptyText: <Empty description={t('ui.empty')} /> }}
            rowSelection={
              p.selectable || p.batchDelete
                ? { selectedRowKeys: selected.keys, onChange: (keys, rows) => setSelected({ keys, rows }), preserveSelectedRowKeys: false }
                : undefined
            }
            onChange={onChange}
            expandable={p.expandable}
            pagination={{
              current: params.page + 1,
              pageSize: params.rows,
              total: data?.total ?? 0,
              pageSizeOptions: sizes.map(String),
              showSizeChanger: true,
              showTotal: (total) => t(data?.estimated ? 'ui.totalEstimated' : 'ui.total', { total }),
            }}
          />
        )}
      </Panel>
    </Space>
  );
}
