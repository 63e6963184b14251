import { type PoolRow, poolAddInput, poolUpdateInput } from '@gatehouse/contracts';
import { Form, Input, Modal, Radio } from 'antd';
import { useT } from '../../i18n/index.ts';
import { HardwareChoice, hardwareBits, hardwareFlags } from '../../shared/hardware.tsx';
import { fieldRule } from '../../shared/rules.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { savePoolEntry } from './api.ts';

interface Values {
  name: string;
  regNo: string;
  isVilla?: number;
  note?: string;
  hardware: number[];
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
      }
    : { hardware: [] };
  const dialog = useSaveDialog(form, async (v) => {
    const body = { name: v.name, regNo: v.regNo, isVilla: v.isVilla, note: v.note ?? '', ...hardwareFlags(v.hardware) };
    await savePoolEntry(body, row?.id);
    onSaved();
    onClose();
  });
  return (
    <Modal {...dialog.modalProps} title={t(row ? 'ui.dev.editPool' : 'ui.dev.addPool')} onCancel={onClose}>
      <Form form={form} layout="vertical" initialValues={initial} data-testid="pool-form">
        <Form.Item name="name" label={t('ui.dev.name')} rules={[fieldRule(schema, 'name')]}>
          <Input maxLength={50} data-testid="pool-name" />
        </Form.Item>
        <Form.Item name="regNo" label={t('ui.dev.serial')} rules={row ? [] : [fieldRule(poolAddInput, 'regNo')]}>
          <Input maxLength={50} disabled={Boolean(row)} data-testid="pool-serial" />
        </Form.Item>
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
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
