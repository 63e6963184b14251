import { type FaceAddressRow, ROUTES } from '@gatehouse/contracts';
import { DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { mutate } from '../../api/client.ts';
import { tr, useT } from '../../i18n/index.ts';
import { DATE_TIME, parseDateTime } from '../../shared/DoorAssignDialog.tsx';

interface Values {
  validfrom?: Dayjs;
  validto?: Dayjs;
  info?: string;
}

/** Edit one face entry of a door unit (001 §2 "Door unit face list"): validity and notes. */
export function GateFaceEditDialog({ row, onClose }: { row: FaceAddressRow; onClose: (saved: boolean) => void }) {
  const { t } = useT();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const order = ({ getFieldValue }: { getFieldValue: (n: string) => unknown }) => ({
    validator: async () => {
      const from = getFieldValue('validfrom') as Dayjs | undefined;
      const to = getFieldValue('validto') as Dayjs | undefined;
      if (from && to && !from.isBefore(to)) throw new Error(tr('v.dateOrder'));
    },
  });
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await mutate(ROUTES.face.updateFaceAddressByAddressId, {
        id: row.id,
        validfrom: v.validfrom?.format(DATE_TIME),
        validto: v.validto?.format(DATE_TIME),
        info: v.info?.trim() ?? '',
      });
      onClose(true);
    } catch {
      // the server's message has been shown
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={`${t('ui.face.editEntry')}: ${row.account}`}
      onOk={() => void save().catch(() => undefined)}
      onCancel={() => onClose(false)}
      okText={t('ui.ok')}
      cancelText={t('ui.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'gate-face-save' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ validfrom: parseDateTime(row.validfrom), validto: parseDateTime(row.validto), info: row.info }}
        data-testid="gate-face-form"
      >
        <Form.Item
          name="validfrom"
          label={t('ui.face.validfrom')}
          dependencies={['validto']}
          rules={[{ required: true, message: tr('v.choose', { field: '@f.face.validfrom' }) }, order]}
        >
          <DatePicker showTime format={DATE_TIME} style={{ width: '100%' }} data-testid="gate-face-validfrom" />
        </Form.Item>
        <Form.Item
          name="validto"
          label={t('ui.face.validto')}
          dependencies={['validfrom']}
          rules={[{ required: true, message: tr('v.choose', { field: '@f.face.validto' }) }, order]}
        >
          <DatePicker showTime format={DATE_TIME} style={{ width: '100%' }} data-testid="gate-face-validto" />
        </Form.Item>
        <Form.Item name="info" label={t('ui.face.info')}>
          <Input.TextArea rows={3} maxLength={200} showCount data-testid="gate-face-info" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
