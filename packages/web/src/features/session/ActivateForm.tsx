import { activeUserInput } from '@gatehouse/contracts';
import { Form, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { activateAccount, type PhoneCode } from './api.ts';
import { AuthActions } from './AuthFrame.tsx';
import { PhoneCodeFields } from './PhoneCodeFields.tsx';

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
      <PhoneCodeFields form={form} schema={activeUserInput} testId="active" phoneFixed={!!phone} />
      <AuthActions back={onCancel} backText="ui.back" submitText="ui.active.submit" busy={busy} testId="active-submit" />
    </Form>
  );
}
