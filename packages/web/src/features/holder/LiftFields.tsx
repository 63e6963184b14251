import { FLOORS, GATE_TYPES, LIFT_BANKS, LIFT_NODES } from '@gatehouse/contracts';
import { Col, Form, Row, Select } from 'antd';
import { useMemo } from 'react';
import { tr, useT } from '../../i18n/index.ts';

/** The floor choices of the lift fields ("Floor 3", ...). */
const useFloorOptions = () => useMemo(() => FLOORS.map((f) => ({ value: f, label: tr('ui.ladder.floor', { floor: f }) })), []);

/** A field's test id under a prefix (`ladder` → `ladder-bank`); none without a prefix. */
const testIdOf = (prefix: string | undefined, field: string) => (prefix ? `${prefix}-${field}` : undefined);

/**
 * The four lift fields of one door unit, side by side: resident floor, lift group, lift number and
 * door type (all-or-nothing, checked by the form that holds them). `path` puts them under a form
 * path (a group's `['lifts', unitId]`); `testId` prefixes their test ids.
 */
export function LiftFields({ path = [], testId, gutter }: { path?: string[]; testId?: string; gutter: number }) {
  const { t } = useT();
  const floorOptions = useFloorOptions();
  const bankOptions = LIFT_BANKS.map((b) => ({ value: b, label: b === 127 ? t('ui.ladder.all') : String(b) }));
  const nodeOptions = LIFT_NODES.map((n) => ({
    value: n,
    label: n === 127 ? t('ui.ladder.all') : n === 15 ? t('ui.ladder.none') : String(n),
  }));
  const typeOptions = Object.values(GATE_TYPES).map((g) => ({ value: g, label: t(`ui.ladder.gateType.${g}`) }));
  const fields: { name: string; label: string; id: string; options: { value: string | number; label: string }[]; search?: boolean }[] = [
    { name: 'ResiLevel', label: 'ui.ladder.resiLevel', id: 'resiLevel', options: floorOptions, search: true },
    { name: 'bank', label: 'ui.ladder.bank', id: 'bank', options: bankOptions },
    { name: 'node', label: 'ui.ladder.node', id: 'node', options: nodeOptions },
    { name: 'GateType', label: 'ui.ladder.gateType', id: 'gateType', options: typeOptions },
  ];
  return (
    <Row gutter={gutter}>
      {fields.map((f) => (
        <Col key={f.name} xs={24} md={6}>
          <Form.Item name={[...path, f.name]} label={t(f.label)}>
            <Select
              allowClear
              showSearch={f.search}
              options={f.options}
              optionFilterProp={f.search ? 'label' : undefined}
              data-testid={testIdOf(testId, f.id)}
            />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/** The floors a credential opens from the front or the back door of the lift (several). */
export function FloorsField({ name, label, testId }: { name: string[]; label: string; testId?: string }) {
  const floorOptions = useFloorOptions();
  return (
    <Form.Item name={name} label={label}>
      <Select mode="multiple" allowClear options={floorOptions} optionFilterProp="label" data-testid={testId} />
    </Form.Item>
  );
}
