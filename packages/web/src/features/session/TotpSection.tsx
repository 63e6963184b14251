import { confirmTotpInput, type TotpEnrolment, LIMITS } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Divider, Form, Input, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { FieldWithAction } from '../../shared/FieldWithAction.tsx';
import { fieldRule } from '../../shared/rules.ts';
import { validValues } from '../../shared/saveDialog.ts';
import { confirmTotp, disableTotp, startTotp, TOTP_STATE_KEY, useTotpState } from './own/api.ts';

/**
 * The administrator's authenticator in the profile dialog: set up (QR code and key,
 * confirmed with a current code, recovery codes shown once) or disable (password).
 * The SMS step of sign-in stays either way.
 */
export function TotpSection() {
  const { t } = useT();
  const qc = useQueryClient();
  const state = useTotpState();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmForm] = Form.useForm<{ code: string }>();
  const [disableForm] = Form.useForm<{ password: string }>();

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      await qc.invalidateQueries({ queryKey: TOTP_STATE_KEY });
    } catch {
      // the server's message has been shown
    } finally {
      setBusy(false);
    }
  };
  const start = () => run(async () => setEnrolment(await startTotp()));
  const confirm = async () => {
    const v = await validValues(confirmForm); // a broken rule shows on its field, quietly
    if (!v) return;
    await run(async () => {
      setRecovery((await confirmTotp(v)).recoveryCodes);
      setEnrolment(null);
    });
  };
  const disable = async () => {
    const v = await validValues(disableForm);
    if (!v) return;
    await run(async () => {
      await disableTotp(v);
      setRecovery(null);
      disableForm.resetFields();
    });
  };

  return (
    <div data-testid="totp-section">
      <Divider titlePlacement="start">{t('ui.totp.title')}</Divider>
      {recovery ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('ui.totp.recovery')}
          description={<pre data-testid="totp-recovery">{recovery.join('\n')}</pre>}
        />
      ) : null}
      {!state.data ? (
        <Spin />
      ) : state.data.enabled ? (
        <Form form={disableForm} layout="vertical">
          <Typography.Paragraph data-testid="totp-on">{t('ui.totp.on', { left: state.data.recoveryLeft })}</Typography.Paragraph>
          <FieldWithAction
            label={t('ui.totp.disablePassword')}
            name="password"
            rules={[{ required: true, message: t('totp.disableProof') }]}
            action={
              <Button danger loading={busy} onClick={disable} data-testid="totp-disable">
                {t('ui.totp.disable')}
              </Button>
            }
          >
            <Input.Password autoComplete="current-password" data-testid="totp-disable-password" />
          </FieldWithAction>
        </Form>
      ) : enrolment ? (
        <Form form={confirmForm} layout="vertical">
          <Typography.Paragraph>{t('ui.totp.scan')}</Typography.Paragraph>
          <img src={enrolment.qr} alt={enrolment.uri} width={180} height={180} data-testid="totp-qr" />
          <Typography.Paragraph>
            {t('ui.totp.secret')}:{' '}
            <Typography.Text code copyable data-testid="totp-secret">
              {enrolment.secret}
            </Typography.Text>
          </Typography.Paragraph>
          <FieldWithAction
            label={t('ui.totp.code')}
            name="code"
            rules={[fieldRule(confirmTotpInput, 'code')]}
            action={
              <Button type="primary" loading={busy} onClick={confirm} data-testid="totp-confirm">
                {t('ui.totp.confirm')}
              </Button>
            }
          >
            <Input maxLength={LIMITS.totpCode} inputMode="numeric" autoComplete="one-time-code" data-testid="totp-code" />
          </FieldWithAction>
        </Form>
      ) : (
        <>
          <Typography.Paragraph>{t('ui.totp.off')}</Typography.Paragraph>
          <Button loading={busy} onClick={start} data-testid="totp-start">
            {t('ui.totp.start')}
          </Button>
        </>
      )}
    </div>
  );
}
