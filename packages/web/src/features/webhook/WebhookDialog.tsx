import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_KINDS,
  WEBHOOK_URL_MAX,
  type WebhookRow,
  type WebhookWithSecret,
  webhookCreateInput,
} from '@gatehouse/contracts';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useT } from '../../i18n/index.ts';
import { fieldRule } from '../../shared/rules.ts';
import { useSaveDialog } from '../../shared/saveDialog.ts';
import { createWebhook, updateWebhook } from './api.ts';

interface Values {
  url: string;
  kinds: string[];
  description?: string;
}

/** Adds or edits a webhook; a new one answers its secret (shown by the page once). */
export function WebhookDialog({
  row,
  onClose,
  onSaved,
}: {
  row?: WebhookRow;
  onClose: () => void;
  onSaved: (created?: WebhookWithSecret) => void;
}) {
  const { t } = useT();
  const [form] = Form.useForm<Values>();
  const dialog = useSaveDialog(form, async (v) => {
    const input = { url: v.url, kinds: v.kinds.join(','), description: v.description ?? '' };
    if (row) {
      await updateWebhook({ ...input, id: row.id });
      onSaved();
    } else onSaved(await createWebhook(input));
    onClose();
  });
  return (
    <Modal {...dialog.modalProps} title={t(row ? 'ui.webhook.edit' : 'ui.webhook.add')} onCancel={onClose} width={560}>
      <Form
        form={form}
        layout="vertical"
        data-testid="webhook-form"
        initialValues={row ? { url: row.url, kinds: row.kinds, description: row.description } : { kinds: ['access'] }}
      >
        <Form.Item label={t('ui.webhook.url')} name="url" rules={[fieldRule(webhookCreateInput, 'url')]}>
          <Input maxLength={WEBHOOK_URL_MAX} placeholder="https://example.com/gatehouse" data-testid="webhook-url" />
        </Form.Item>
        <Form.Item label={t('ui.webhook.kinds')} name="kinds" rules={[fieldRule(webhookCreateInput, 'kinds')]}>
          <Checkbox.Group options={WEBHOOK_KINDS.map((k) => ({ value: k, label: t(`webhook.kind.${k}`) }))} />
        </Form.Item>
        <Form.Item
          label={t('ui.webhook.description')}
          name="description"
          rules={[fieldRule(webhookCreateInput, 'description', { required: false })]}
        >
          <Input maxLength={WEBHOOK_DESCRIPTION_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
