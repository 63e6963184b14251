import { ALARM_NOTE_MAX, alarmAckInput } from '@gatehouse/contracts';
import { Form, Input, Modal } from 'antd';
import { useT } from '../../i18n/index.ts';
import { fieldRule } from '../../shared/rules.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { acknowledgeAlarms } from './api.ts';

/** Acknowledges alarms with a note (who and when are recorded by the server). */
export function AckDialog({ ids, onClose, onSaved }: { ids: number[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<{ note?: string }>();
  const dialog = useSaveDialog(form, async (v) => {
    await acknowledgeAlarms(ids, v.note ?? '');
    onSaved();
    onClose();
  });
  return (
    <Modal {...dialog.modalProps} title={t('ui.alarm.ackTitle', { n: ids.length })} onCancel={onClose}>
      <Form form={form} layout="vertical" data-testid="alarm-ack-form">
        <Form.Item label={t('alarm.col.note')} name="note" rules={[fieldRule(alarmAckInput, 'note', { required: false })]}>
          <Input.TextArea rows={3} maxLength={ALARM_NOTE_MAX} showCount placeholder={t('ui.alarm.notePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
