import type { UnitKind } from '@gatehouse/contracts';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { UNIT_KIND_ENUM } from './statuses.ts';
import { EnumTag, type ValueEnum } from './valueEnum.tsx';

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

/**
 * A server-sorted column of a value enum, shown as its tag (a status, a type); `tagData`
 * puts data-* attributes (test ids) on the tag of a row.
 */
export const enumColumn = <Row, V extends string | number>(
  title: string,
  field: keyof Row & string,
  of: ValueEnum<V>,
  tagData?: (v: V, row: Row) => Record<`data-${string}`, string | number>,
): ColumnType<Row> => ({
  title,
  dataIndex: field,
  key: field,
  sorter: true,
  render: (v: V extends number ? number : string, row: Row) => <EnumTag of={of} value={v} {...tagData?.(v as V, row)} />,
});

/**
 * A door unit's kind (issue 33: Gatehouse MQTT, Hikvision ISAPI, ZKTeco PUSH) as its tag; not sorted.
 * Shown on phone cards too unless `extra` keeps it for wider screens; `testId` names a row's tag.
 */
export const unitKindColumn = <Row extends { unitKind: UnitKind }>(
  title: string,
  testId?: (row: Row) => string,
  extra: Partial<ColumnType<Row>> = {},
): ColumnType<Row> => ({
  title,
  dataIndex: 'unitKind',
  key: 'unitKind',
  render: (v: UnitKind, row: Row) => (
    <EnumTag of={UNIT_KIND_ENUM} value={v} data-kind={v} {...(testId ? { 'data-testid': testId(row) } : {})} />
  ),
  ...extra,
});
