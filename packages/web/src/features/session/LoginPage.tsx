import { type Option, type PhoneContent, RECOVERY_CODE, type SessionContent, TOTP_CODE, LIMITS } from '@gatehouse/contracts';
import { Button, Form, Input, Select } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { waiting } from '../../app/lazyScreen.tsx';
import { preloadShellWhenIdle, preloadSignedIn } from '../../app/signed-in-chunks.ts';
import { AuthFrame } from './AuthFrame.tsx';
import { useT } from '../../i18n/index.ts';
import { clearSession } from '../../session/store.ts';
import { FieldWithAction } from '../../shared/FieldWithAction.tsx';
import { lazyFieldRule } from '../../shared/rules.ts';
import { afterSignIn } from './afterSignIn.ts';
import { type LoginForm, rolesOf, sendAdminCode, submitLogin } from './api.ts';
import { SmsCodeButton } from './SmsCodeButton.tsx';

// The activation form (after a 203, or at /active) and the form's schema (zod) load when needed.
const ActivateForm = lazy(() => import('./ActivateForm.tsx').then((m) => ({ default: m.ActivateForm })));
const loginInput = () => import('./loginInput.ts').then((m) => m.loginInput);

/** A 6-digit code (SMS or authenticator) or a recovery code. */
const secondFactorRule = (message: string) => ({
  required: true,
  message,
  validator: async (_r: unknown, v: string | undefined) => {
    if (!v || !(TOTP_CODE.test(v) || RECOVERY_CODE.test(v))) throw new Error(message);
  },
});

/**
 * Sign-in (000 §2): account, password, captcha, role from the roles of the
 * account; 205 reveals the SMS code field, 203 swaps in the activation form.
 */
export function LoginPage({ activation = false }: { activation?: boolean }) {
  const { t, lang } = useT();
  const nav = useNavigate();
  const [form] = Form.useForm<LoginForm>();
  const [captchaTs, setCaptchaTs] = useState(Date.now());
  const [roles, setRoles] = useState<Option[]>([]);
  const [needSms, setNeedSms] = useState(false);
  /** 205 said this administrator has an authenticator: its code or a recovery code answers too. */
  const [totp, setTotp] = useState(false);
  const [inactive, setInactive] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lastRegNo = useRef('');
  const lastValues = useRef<LoginForm | null>(null);

  useEffect(() => {
    clearSession();
  }, []);
  // The shell's code loads while the user fills the form.
  useEffect(() => preloadShellWhenIdle(), []);

  const loadRoles = async () => {
    const regNo = (form.getFieldValue('username') as string | undefined)?.trim() ?? '';
    if (!regNo || regNo === lastRegNo.current) return;
    lastRegNo.current = regNo;
    try {
      const list = await rolesOf(regNo);
      setRoles(list);
      form.setFieldValue('roleId', list.length === 1 ? list[0]?.intValue : undefined);
    } catch {
      setRoles([]);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads the role labels when (only when) the language changes
  useEffect(() => {
    // role labels follow the language
    if (lastRegNo.current) {
      const regNo = lastRegNo.current;
      lastRegNo.current = '';
      form.setFieldValue('username', regNo);
      void loadRoles();
    }
  }, [lang]);

  const submit = async (values: LoginForm) => {
    lastValues.current = values;
    setBusy(true);
    try {
      const a = await submitLogin({ ...values, dx: needSms ? values.dx : undefined });
      if (a.status === 200) {
        const path = afterSignIn(new URLSearchParams(window.location.search).get('next'), (a.content as SessionContent).defaultPath);
        void preloadSignedIn(path).catch(() => undefined); // the first page's code loads beside the shell's
        nav(path);
      } else if (a.status === 205) {
        setNeedSms(true);
        setTotp((a.content as PhoneContent).totp === true);
      } else if (a.status === 203) {
        setInactive((a.content as PhoneContent).phoneNumber);
      }
    } catch {
      setCaptchaTs(Date.now());
      form.setFieldValue('vcode', '');
    } finally {
      setBusy(false);
    }
  };

  // The login is submitted again, with the same answers, once the account is activated.
  const activated = async () => {
    setInactive(null);
    if (lastValues.current) await submit(lastValues.current);
    else nav('/login');
  };
  const showActivation = inactive !== null || activation;

  return (
    <AuthFrame title={showActivation ? t('ui.active.title') : t('ui.login.title')}>
      {showActivation ? (
        <Suspense fallback={waiting}>
          <ActivateForm phone={inactive ?? ''} onDone={activated} onCancel={() => (activation ? nav('/login') : setInactive(null))} />
        </Suspense>
      ) : null}
      {/* kept mounted while activating, so the captcha image (and its answer) stays the same */}
      <div style={showActivation ? { display: 'none' } : undefined}>
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item label={t('ui.login.account')} name="username" rules={[lazyFieldRule(loginInput, 'username')]}>
            <Input
              autoComplete="username"
              maxLength={LIMITS.regNo}
              onBlur={loadRoles}
              onPressEnter={loadRoles}
              data-testid="login-account"
            />
          </Form.Item>
          <Form.Item label={t('ui.login.password')} name="password" rules={[lazyFieldRule(loginInput, 'password')]}>
            <Input.Password autoComplete="current-password" onFocus={loadRoles} data-testid="login-password" />
          </Form.Item>
          <FieldWithAction
            label={t('ui.login.captcha')}
            name="vcode"
            rules={[lazyFieldRule(loginInput, 'vcode')]}
            action={
              <img
                className="gh-captcha"
                src={`/api/captcha?_t=${captchaTs}`}
                alt={t('ui.login.captchaHint')}
                title={t('ui.login.captchaHint')}
                onClick={() => setCaptchaTs(Date.now())}
                data-testid="captcha-image"
              />
            }
          >
            <Input maxLength={LIMITS.captchaLength} data-testid="login-captcha" />
          </FieldWithAction>
          <Form.Item label={t('ui.login.role')} name="roleId" rules={[lazyFieldRule(loginInput, 'roleId')]}>
            <Select
              options={roles.map((r) => ({ value: r.intValue, label: r.label }))}
              placeholder={t('ui.login.roleHint')}
              onFocus={loadRoles}
              data-testid="login-role"
            />
          </Form.Item>
          {needSms ? (
            <FieldWithAction
              label={t(totp ? 'ui.login.secondFactor' : 'ui.login.smsCode')}
              extra={t(totp ? 'ui.login.totpHint' : 'ui.login.adminVerify')}
              name="dx"
              rules={[
                totp
                  ? secondFactorRule(t('ui.login.totpHint'))
                  : { required: true, len: 6, message: t('v.exactLen', { field: t('f.smsCode'), len: 6 }) },
              ]}
              action={<SmsCodeButton send={() => sendAdminCode(form.getFieldValue('username'))} />}
            >
              <Input maxLength={totp ? LIMITS.recoveryCode : LIMITS.smsCodeLength} autoComplete="one-time-code" data-testid="login-sms" />
            </FieldWithAction>
          ) : null}
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('ui.login.submit')}
          </Button>
          <div style={{ marginTop: 12, textAlign: 'right' }}>
            <Link to="/forgetPwd">{t('ui.login.forgot')}</Link>
          </div>
        </Form>
      </div>
    </AuthFrame>
  );
}
