import { FLOORS, GATE_TYPES, LIFT_BANKS, LIFT_NODES } from '@gatehouse/contracts';
import { Col, Form, Row, Select } from 'antd';
import { useMemo } from 'react';
import { tr, useT } from '../i18n/index.ts';

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
  return (
    <Row gutter={gutter}>
      <Col xs={24} md={6}>
        <Form.Item name={[...path, 'ResiLevel']} label={t('ui.ladder.resiLevel')}>
          <Select allowClear showSearch options={floorOptions} optionFilterProp="label" data-testid={testIdOf(testId, 'resiLevel')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name={[...path, 'bank']} label={t('ui.ladder.bank')}>
          <Select allowClear options={bankOptions} data-testid={testIdOf(testId, 'bank')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name={[...path, 'node']} label={t('ui.ladder.node')}>
          <Select allowClear options={nodeOptions} data-testid={testIdOf(testId, 'node')} />
        </Form.Item>
      </Col>
      <Col xs={24} md={6}>
        <Form.Item name={[...path, 'GateType']} label={t('ui.ladder.gateType')}>
          <Select allowClear options={typeOptions} data-testid={testIdOf(testId, 'gateType')} />
        </Form.Item>
      </Col>
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
