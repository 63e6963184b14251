import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';

/** The row-actions column of a list (fixed right): the buttons of one row. */
export const actionsColumn = <Row,>(
  title: string,
  render: (row: Row) => ReactNode,
  extra: Partial<ColumnType<Row>> = {},
): ColumnType<Row> => ({
  title,
  key: 'actions',
  fixed: 'right',
  render: (_v, row) => render(row),
  ...extra,
});
