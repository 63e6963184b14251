import { ALARM_NOTE_MAX, alarmAckInput, ROUTES } from '@gatehouse/contracts';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { mutate } from '../../api/client.ts';
import { useT } from '../../i18n/index.ts';
import { fieldRule } from '../../shared/rules.ts';

/** Acknowledges alarms with a note (who and when are recorded by the server). */
export function AckDialog({ ids, onClose, onSaved }: { ids: number[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<{ note?: string }>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await mutate(ROUTES.alarm.acknowledgeAlarms, { ids: ids.join(','), note: v.note ?? '' });
      onSaved();
      onClose();
    } catch {
      // the server's message has been shown
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t('ui.alarm.ackTitle', { n: ids.length })} onCancel={onClose} onOk={save} okButtonProps={{ loading: saving }} destroyOnHidden>
      <Form form={form} layout="vertical" data-testid="alarm-ack-form">
        <Form.Item label={t('alarm.col.note')} name="note" rules={[fieldRule(alarmAckInput, 'note', { required: false })]}>
          <Input.TextArea rows={3} maxLength={ALARM_NOTE_MAX} showCount placeholder={t('ui.alarm.notePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
