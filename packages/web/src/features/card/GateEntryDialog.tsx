import { type DoorUnitCardRow, ROUTES, updateGateAccessInput } from '@gatehouse/contracts';
import { DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { mutate } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';
import { DATE_TIME, parseDateTime } from '../../shared/DoorAssignDialog.tsx';

interface Values {
  validfrom?: Dayjs;
  validto?: Dayjs;
  info?: string;
}

type Field = 'validfrom' | 'validto' | 'info';

const toInput = (id: number, v: Values) => ({
  id,
  validfrom: v.validfrom?.format(DATE_TIME) ?? '',
  validto: v.validto?.format(DATE_TIME) ?? '',
  info: v.info ?? '',
});

/** Edit one card on one door unit (/gm/card/{addressId}): valid-from, valid-to and notes, checked as the server does. */
export function GateEntryDialog({ row, onClose, onSaved }: { row: DoorUnitCardRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const check = (name: Field) => ({
    validator: async () => {
      const res = updateGateAccessInput.safeParse(toInput(row.id, form.getFieldsValue()));
      const issue = res.success ? undefined : res.error.issues.find((i) => i.path[0] === name);
      if (issue) throw new Error(t(issue.message));
    },
  });
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await mutate(ROUTES.card.updateGateAccessAddressByAddressId, toInput(row.id, v));
      onSaved();
      onClose();
    } catch {
      // the server's message has been shown; the dialog stays open
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={`${t('ui.card.editEntry')}: ${row.cardid}`}
      onCancel={onClose}
      onOk={save}
      okText={t('ui.ok')}
      cancelText={t('ui.cancel')}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ validfrom: parseDateTime(row.validfrom), validto: parseDateTime(row.validto), info: row.info }}
        data-testid="gate-entry-form"
      >
        <Form.Item name="validfrom" label={t('ui.card.validfrom')} rules={[check('validfrom')]} dependencies={['validto']} required>
          <DatePicker showTime format={DATE_TIME} style={{ width: '100%' }} data-testid="entry-validfrom" />
        </Form.Item>
        <Form.Item name="validto" label={t('ui.card.validto')} rules={[check('validto')]} dependencies={['validfrom']} required>
          <DatePicker showTime format={DATE_TIME} style={{ width: '100%' }} data-testid="entry-validto" />
        </Form.Item>
        <Form.Item name="info" label={t('ui.card.info')} rules={[check('info')]}>
          <Input.TextArea rows={2} maxLength={200} data-testid="entry-info" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
