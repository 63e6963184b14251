import { resetPwdInput, validateVcodeInput } from '@gatehouse/contracts';
import { Button, Form, Input, Space, Steps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthFrame } from './AuthFrame.tsx';
import { useT } from '../../i18n/index.ts';
import { fieldRule, sameAs } from '../../shared/rules.ts';
import { type PhoneCode, resetPassword, sendCode, verifyPhoneCode } from './api.ts';
import { SmsCodeButton } from './SmsCodeButton.tsx';

/** Forgotten password, two steps: verify the phone with a code; set the new password (000 §2). */
export function ForgetPwdPage() {
  const { t } = useT();
  const nav = useNavigate();
  const [step, setStep] = useState(0);
  const [verified, setVerified] = useState<PhoneCode | null>(null);
  const [busy, setBusy] = useState(false);
  const [f0] = Form.useForm<PhoneCode>();
  const [f1] = Form.useForm<{ pwd: string; confirmPwd: string }>();

  const verify = async (v: PhoneCode) => {
    setBusy(true);
    try {
      await verifyPhoneCode(v);
      setVerified(v);
      setStep(1);
    } catch {
      // toast shown
    } finally {
      setBusy(false);
    }
  };
  const reset = async (v: { pwd: string; confirmPwd: string }) => {
    if (!verified) return;
    setBusy(true);
    try {
      await resetPassword({ ...verified, ...v });
      nav('/login');
    } catch {
      // toast shown
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthFrame title={t('ui.forget.title')}>
      <Steps
        size="small"
        current={step}
        items={[{ title: t('ui.forget.step0') }, { title: t('ui.forget.step1') }]}
        style={{ marginBottom: 24 }}
      />
      {step === 0 ? (
        <Form form={f0} layout="vertical" onFinish={verify} requiredMark={false}>
          <Form.Item label={t('ui.forget.phone')} name="phoneNumber" rules={[fieldRule(validateVcodeInput, 'phoneNumber')]}>
            <Input maxLength={11} data-testid="forget-phone" />
          </Form.Item>
          <Form.Item label={t('ui.login.smsCode')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="vcode" noStyle rules={[fieldRule(validateVcodeInput, 'vcode')]}>
                <Input maxLength={6} data-testid="forget-code" />
              </Form.Item>
              <SmsCodeButton send={async () => sendCode((await f0.validateFields(['phoneNumber'])).phoneNumber)} />
            </Space.Compact>
          </Form.Item>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Button onClick={() => nav(-1)}>{t('ui.back')}</Button>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="forget-next">
              {t('ui.next')}
            </Button>
          </Space>
        </Form>
      ) : (
        <Form form={f1} layout="vertical" onFinish={reset} requiredMark={false}>
          <Form.Item label={t('ui.newPassword')} name="pwd" rules={[fieldRule(resetPwdInput, 'pwd')]}>
            <Input.Password autoComplete="new-password" data-testid="forget-pwd" />
          </Form.Item>
          <Form.Item
            label={t('ui.forget.confirm')}
            name="confirmPwd"
            dependencies={['pwd']}
            rules={[fieldRule(resetPwdInput, 'confirmPwd'), sameAs('pwd', 'v.passwordMismatch')]}
          >
            <Input.Password autoComplete="new-password" data-testid="forget-confirm" />
          </Form.Item>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Button onClick={() => setStep(0)}>{t('ui.forget.prev')}</Button>
            <Button type="primary" htmlType="submit" loading={busy} data-testid="forget-submit">
              {t('ui.forget.submit')}
            </Button>
          </Space>
        </Form>
      )}
    </AuthFrame>
  );
}
