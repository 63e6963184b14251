import { isAddressedKind, type PoolRow, poolAddInput, poolUpdateInput, UNIT_KINDS, type UnitKind } from '@gatehouse/contracts';
import { Alert, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { useT } from '../../i18n/index.ts';
import { HardwareChoice, hardwareBits, hardwareFlags } from '../../shared/hardware.tsx';
import { fieldMax, fieldRule } from '../../shared/rules.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { savePoolEntry } from './api.ts';

interface Values {
  name: string;
  regNo: string;
  isVilla?: number;
  note?: string;
  hardware: number[];
  unitKind: UnitKind;
  vendorHost?: string;
  vendorPort?: number;
  vendorUser?: string;
  vendorPassword?: string;
}

/** Add and edit a device pool entry (001 §5): the serial number cannot be edited. */
export function PoolDialog({ row, onClose, onSaved }: { row?: PoolRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<Values>();
  const schema = row ? poolUpdateInput : poolAddInput;
  const initial: Partial<Values> = row
    ? {
        name: row.name,
        regNo: row.regNo,
        isVilla: row.isVilla,
        note: row.note ?? '',
        hardware: hardwareBits(row.hardware),
        unitKind: row.unitKind,
        vendorHost: row.vendorHost ?? undefined,
        vendorPort: row.vendorPort ?? undefined,
        vendorUser: row.vendorUser ?? undefined,
      }
    : { hardware: [], unitKind: 'gatehouse-mqtt', vendorPort: 80 };
  const kind = Form.useWatch('unitKind', form) ?? initial.unitKind;
  const addressed = isAddressedKind(kind);
  const dialog = useSaveDialog(form, async (v) => {
    const vendor = isAddressedKind(v.unitKind)
      ? {
          vendorHost: v.vendorHost,
          vendorPort: v.vendorPort,
          vendorUser: v.vendorUser,
          ...(v.vendorPassword ? { vendorPassword: v.vendorPassword } : {}),
        }
      : {};
    const body = {
      name: v.name,
      regNo: v.regNo,
      isVilla: v.isVilla,
      note: v.note ?? '',
      unitKind: v.unitKind,
      ...vendor,
      ...hardwareFlags(v.hardware),
    };
    await savePoolEntry(body, row?.id);
    onSaved();
    onClose();
  });
  return (
    <Modal {...dialog.modalProps} title={t(row ? 'ui.dev.editPool' : 'ui.dev.addPool')} onCancel={onClose}>
      <Form form={form} layout="vertical" initialValues={initial} data-testid="pool-form">
        <Form.Item name="name" label={t('ui.dev.name')} rules={[fieldRule(schema, 'name')]}>
          <Input maxLength={fieldMax(schema, 'name')} data-testid="pool-name" />
        </Form.Item>
        <Form.Item name="regNo" label={t('ui.dev.serial')} rules={row ? [] : [fieldRule(poolAddInput, 'regNo')]}>
          <Input maxLength={fieldMax(poolAddInput, 'regNo')} disabled={Boolean(row)} data-testid="pool-serial" />
        </Form.Item>
        <Form.Item name="unitKind" label={t('f.dev.kind')}>
          <Select options={UNIT_KINDS.map((k) => ({ value: k, label: t(`unitKind.${k}`) }))} data-testid="pool-kind" />
        </Form.Item>
        {addressed ? (
          <>
            <Form.Item name="vendorHost" label={t('f.dev.host')} rules={[fieldRule(schema, 'vendorHost', { required: true })]}>
              <Input maxLength={fieldMax(schema, 'vendorHost')} data-testid="pool-host" />
            </Form.Item>
            <Form.Item name="vendorPort" label={t('f.dev.port')} rules={[fieldRule(schema, 'vendorPort', { required: false })]}>
              <InputNumber min={1} max={65535} data-testid="pool-port" />
            </Form.Item>
            <Form.Item name="vendorUser" label={t('f.dev.user')} rules={[fieldRule(schema, 'vendorUser', { required: true })]}>
              <Input maxLength={fieldMax(schema, 'vendorUser')} autoComplete="off" data-testid="pool-user" />
            </Form.Item>
            <Form.Item
              name="vendorPassword"
              label={t('f.dev.vendorPassword')}
              extra={row?.hasPassword ? t('ui.dev.passwordKept') : undefined}
              rules={[fieldRule(schema, 'vendorPassword', { required: !row?.hasPassword })]}
            >
              <Input.Password maxLength={fieldMax(schema, 'vendorPassword')} autoComplete="new-password" data-testid="pool-password" />
            </Form.Item>
          </>
        ) : null}
        {kind && kind !== 'gatehouse-mqtt' ? (
          <Alert type="info" showIcon title={t('ui.dev.noBrokerLogin')} style={{ marginBottom: 16 }} />
        ) : null}
        <Form.Item name="isVilla" label={t('ui.dev.isVilla')} rules={[fieldRule(schema, 'isVilla')]}>
          <Radio.Group
            options={[
              { value: 1, label: t('ui.yes') },
              { value: 0, label: t('ui.no') },
            ]}
            data-testid="pool-villa"
          />
        </Form.Item>
        <Form.Item name="hardware" label={t('ui.dev.hardware')}>
          <HardwareChoice data-testid="pool-hardware" />
        </Form.Item>
        <Form.Item name="note" label={t('ui.dev.note')} rules={[fieldRule(schema, 'note', { required: false })]}>
          <Input.TextArea maxLength={fieldMax(schema, 'note')} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
