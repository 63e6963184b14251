import type { DeviceSecret } from '@gatehouse/contracts';
import { Alert, Typography } from 'antd';
import { useT } from '../../i18n/index.ts';
import { InfoDialog } from '../../shared/InfoDialog.tsx';

/** Shows a freshly issued device secret once, for the installer to enter into the door unit. */
export function SecretDialog({ secret, onClose }: { secret: DeviceSecret; onClose: () => void }) {
  const { t } = useT();
  return (
    <InfoDialog title={t('ui.dev.secretTitle')} onClose={onClose}>
      <Alert type="info" showIcon message={t('ui.dev.secretHelp', { serial: secret.serial })} style={{ marginBottom: 16 }} />
      <Typography.Paragraph
        copyable={{ text: secret.secret }}
        style={{ fontSize: 20, fontFamily: 'monospace' }}
        data-testid="device-secret"
      >
        {secret.secret}
      </Typography.Paragraph>
    </InfoDialog>
  );
}
