import { Empty, Space, Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { PhoneRows } from './PhoneRows.tsx';
import { usePhone } from './usePhone.ts';

export interface PlainListProps<Row> {
  /** Buttons above the table (add, import, ...). */
  toolbar?: ReactNode;
  rows: Row[] | undefined;
  loading: boolean;
  columns: ColumnsType<Row>;
  /** The text of an empty list (already translated). */
  empty: string;
  /** The field that identifies a row (default `id`). */
  rowKey?: keyof Row & string;
  size?: TableProps<Row>['size'];
  scroll?: TableProps<Row>['scroll'];
  testId?: string;
}

/**
 * A short list shown whole, without filters or pager (a community's groups, schedules and
 * holidays, the webhooks, the overview, the door units a card or face is configured on): its buttons, then the table with its empty text.
 * Paged lists use `ListPage`. On a phone the rows are cards (`PhoneRows`).
 */
export function PlainList<Row extends object>(p: PlainListProps<Row>) {
  const phone = usePhone();
  return (
    <>
      {p.toolbar ? (
        <Space wrap style={{ marginBottom: 12 }}>
          {p.toolbar}
        </Space>
      ) : null}
      {phone ? (
        <div data-testid={p.testId}>
          <PhoneRows<Row>
            rows={p.rows ?? []}
            columns={p.columns}
            rowKey={p.rowKey ?? ('id' as keyof Row & string)}
            loading={p.loading}
            empty={p.empty}
            name=""
          />
        </div>
      ) : (
        <Table<Row>
          rowKey={p.rowKey ?? 'id'}
          size={p.size ?? 'small'}
          loading={p.loading}
          dataSource={p.rows ?? []}
          pagination={false}
          scroll={p.scroll}
          locale={{ emptyText: <Empty description={p.empty} /> }}
          columns={p.columns}
          data-testid={p.testId}
        />
      )}
    </>
  );
}
