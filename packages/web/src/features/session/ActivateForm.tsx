import { activeUserInput } from '@gatehouse/contracts';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { fieldRule } from '../../shared/rules.ts';
import { activateAccount, type PhoneCode, sendCode } from './api.ts';
import { SmsCodeButton } from './SmsCodeButton.tsx';

/** Activation (203): the phone, an SMS code, activeUser; then the caller signs in again. */
export function ActivateForm({ phone, onDone, onCancel }: { phone: string; onDone: () => Promise<void> | void; onCancel: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<PhoneCode>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: PhoneCode) => {
    setBusy(true);
    try {
      await activateAccount(v);
      await onDone();
    } catch {
      // toast shown
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={{ phoneNumber: phone }} onFinish={submit} requiredMark={false}>
      {phone ? <Typography.Paragraph>{t('ui.active.text', { phone })}</Typography.Paragraph> : null}
      <Form.Item label={t('ui.forget.phone')} name="phoneNumber" rules={[fieldRule(activeUserInput, 'phoneNumber')]}>
        <Input disabled={!!phone} maxLength={11} data-testid="active-phone" />
      </Form.Item>
      <Form.Item label={t('ui.login.smsCode')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="vcode" noStyle rules={[fieldRule(activeUserInput, 'vcode')]}>
            <Input maxLength={6} data-testid="active-code" />
          </Form.Item>
          <SmsCodeButton send={async () => sendCode((await form.validateFields(['phoneNumber'])).phoneNumber)} />
        </Space.Compact>
      </Form.Item>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Button onClick={onCancel}>{t('ui.back')}</Button>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="active-submit">
          {t('ui.active.submit')}
        </Button>
      </Space>
    </Form>
  );
}
