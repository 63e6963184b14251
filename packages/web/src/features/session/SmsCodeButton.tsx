import { LIMITS } from '@gatehouse/contracts';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '../../i18n/index.ts';

/** Sends a code; then disabled for 60 s with a countdown (000 §4). */
export function SmsCodeButton({ send, disabled }: { send: () => Promise<unknown>; disabled?: boolean }) {
  const { t } = useT();
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [left]);
  const click = async () => {
    setBusy(true);
    try {
      await send();
      setLeft(LIMITS.resendCountdownSec);
    } catch {
      // the toast has been shown
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={click} disabled={disabled || left > 0} loading={busy} data-testid="send-code">
      {left > 0 ? t('ui.login.resendIn', { seconds: left }) : t('ui.login.sendCode')}
    </Button>
  );
}
