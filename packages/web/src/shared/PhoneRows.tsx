import { Checkbox, Empty, Pagination, Spin, theme } from 'antd';
import type { ColumnsType, ColumnType, TablePaginationConfig } from 'antd/es/table';
import type { Breakpoint } from 'antd/es/_util/responsiveObserver';
import { type Key, type ReactNode, useState } from 'react';
import { useT } from '../i18n/index.ts';

/** A column's value in a row: `dataIndex` is a field name or a path. */
function cellValue(row: object, dataIndex: unknown): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let v: unknown = row;
  for (const k of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[String(k)] : undefined;
  return v;
}

/** Whether a column shows on a phone: not hidden, and not kept for wider screens by `responsive` (e.g. `['md']`). */
const onPhone = <Row,>(c: ColumnType<Row>) =>
  !c.hidden && (!c.responsive || c.responsive.some((b: Breakpoint) => b === 'xs' || b === 'sm'));

const cellOf = <Row extends object>(c: ColumnType<Row>, row: Row, index: number): ReactNode => {
  const v = cellValue(row, c.dataIndex);
  if (c.render) {
    const out = c.render(v, row, index);
    // a render may answer a cell's props ({ children, props }) as antd allows
    return out && typeof out === 'object' && 'children' in (out as object) && !('$$typeof' in (out as object))
      ? ((out as { children: ReactNode }).children ?? null)
      : (out as ReactNode);
  }
  return v === undefined || v === null ? '' : String(v);
};

const titleOf = <Row,>(c: ColumnType<Row>): ReactNode => (typeof c.title === 'function' ? c.title({}) : c.title);

export interface PhoneRowsProps<Row> {
  rows: Row[];
  columns: ColumnsType<Row>;
  rowKey: keyof Row & string;
  loading: boolean;
  empty: ReactNode;
  /** The list's name (its last breadcrumb), if it has one. */
  name?: string;
  selection?: { keys: Key[]; onChange: (keys: Key[], rows: Row[]) => void };
  expandedRow?: (row: Row, index: number) => ReactNode;
  pagination?: TablePaginationConfig;
  onPage?: (page: number, size: number) => void;
}

/**
 * A list on a phone: one card per row instead of a table, so nothing scrolls sideways. The first
 * column (what identifies the row) heads the card, the others follow as "label: value" lines (a
 * column marked `responsive: ['md']` is left out), the row's actions last; a selectable row has a
 * checkbox, an expandable one a "Details" fold; the pager below the cards.
 */
export function PhoneRows<Row extends object>(p: PhoneRowsProps<Row>) {
  const { t } = useT();
  const { token } = theme.useToken();
  const [open, setOpen] = useState<Key[]>([]);
  const columns = (p.columns as ColumnType<Row>[]).filter((c) => onPhone(c));
  const actions = columns.filter((c) => c.key === 'actions');
  const fields = columns.filter((c) => c.key !== 'actions');
  const selected = new Set(p.selection?.keys ?? []);
  const toggle = (key: Key, on: boolean) => {
    if (!p.selection) return;
    const keys = on ? [...(p.selection.keys ?? []), key] : p.selection.keys.filter((k) => k !== key);
    p.selection.onChange(
      keys,
      p.rows.filter((r) => keys.includes(r[p.rowKey] as Key)),
    );
  };
  const card = {
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    padding: '8px 12px',
    background: token.colorBgContainer,
  };
  return (
    <Spin spinning={p.loading}>
      {p.rows.length === 0 ? (
        <Empty description={p.empty} />
      ) : (
        <ul className="gh-phone-rows" aria-label={p.name || undefined}>
          {p.rows.map((row, index) => {
            const key = row[p.rowKey] as Key;
            const [head, ...rest] = fields;
            return (
              <li key={String(key)} className="gh-phone-row" data-row-key={String(key)} style={card}>
                <div className="gh-phone-row-head">
                  {p.selection ? (
                    <Checkbox checked={selected.has(key)} onChange={(e) => toggle(key, e.target.checked)} aria-label={t('ui.selectRow')} />
                  ) : null}
                  {head ? (
                    <div className="gh-phone-row-title">
                      <span className="gh-phone-label">{titleOf(head)}</span>
                      <span>{cellOf(head, row, index)}</span>
                    </div>
                  ) : null}
                </div>
                {rest.length ? (
                  <dl className="gh-phone-fields">
                    {rest.map((c, i) => (
                      <div key={String(c.key ?? c.dataIndex ?? i)}>
                        <dt>{titleOf(c)}</dt>
                        <dd>{cellOf(c, row, index)}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                {p.expandedRow ? (
                  <details
                    open={open.includes(key)}
                    onToggle={(e) => {
                      const now = (e.target as HTMLDetailsElement).open;
                      setOpen((o) => (now ? [...o.filter((k) => k !== key), key] : o.filter((k) => k !== key)));
                    }}
                  >
                    <summary>{t('ui.details')}</summary>
                    {open.includes(key) ? p.expandedRow(row, index) : null}
                  </details>
                ) : null}
                {actions.map((c) => (
                  <div key="actions" className="gh-phone-actions">
                    {cellOf(c, row, index)}
                  </div>
                ))}
              </li>
            );
          })}
        </ul>
      )}
      {p.pagination ? (
        <Pagination
          size="small"
          simple
          align="center"
          style={{ marginTop: 12 }}
          current={p.pagination.current}
          pageSize={p.pagination.pageSize}
          total={p.pagination.total}
          showTotal={p.pagination.showTotal}
          onChange={(page, size) => p.onPage?.(page, size)}
        />
      ) : null}
    </Spin>
  );
}
