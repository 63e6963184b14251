import { resetPwdInput, validateVcodeInput } from '@gatehouse/contracts';
import { Form, Steps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthActions, AuthFrame } from './AuthFrame.tsx';
import { PhoneCodeFields } from './PhoneCodeFields.tsx';
import { useT } from '../../i18n/index.ts';
import { PasswordField } from '../../shared/PasswordField.tsx';
import { type PhoneCode, resetPassword, verifyPhoneCode } from './api.ts';

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
          <PhoneCodeFields form={f0} schema={validateVcodeInput} testId="forget" />
          <AuthActions back={() => nav(-1)} backText="ui.back" submitText="ui.next" busy={busy} testId="forget-next" />
        </Form>
      ) : (
        <Form form={f1} layout="vertical" onFinish={reset} requiredMark={false}>
          <PasswordField
            schema={resetPwdInput}
            name="pwd"
            label={t('ui.newPassword')}
            testId="forget-pwd"
            confirm={{ name: 'confirmPwd', label: t('ui.forget.confirm'), testId: 'forget-confirm' }}
          />
          <AuthActions back={() => setStep(0)} backText="ui.forget.prev" submitText="ui.forget.submit" busy={busy} testId="forget-submit" />
        </Form>
      )}
    </AuthFrame>
  );
}
