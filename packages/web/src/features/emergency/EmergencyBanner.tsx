import { emergencyRoutes, type EmergencyRow } from '@gatehouse/contracts';
import { Alert, Button, Popconfirm, Space } from 'antd';
import { useT } from '../../i18n/index.ts';
import { mayCall } from '../../session/access.ts';
import { liftEmergencyMode, useEmergencyModes, useEmergencyRefresh } from './api.ts';

/** On every page of the shell: the emergency modes in force in the caller's communities, with Lift for those who may. */
export function EmergencyBanner() {
  const { t } = useT();
  const modes = useEmergencyModes();
  const refresh = useEmergencyRefresh();
  const mayLift = mayCall(emergencyRoutes.lift.access);
  if (!modes.length) return null;
  const target = (m: EmergencyRow) =>
    m.addressId ? `${m.communityName} ${m.address}` : t('ui.emergency.wholeOf', { community: m.communityName });
  return (
    <Space direction="vertical" style={{ width: '100%', padding: '8px 16px 0' }} data-testid="emergency-banner">
      {modes.map((m) => (
        <Alert
          key={m.id}
          type={m.mode === 'lockdown' ? 'error' : 'warning'}
          showIcon
          banner
          data-testid={`emergency-banner-${m.id}`}
          message={t('ui.emergency.banner', {
            target: target(m),
            mode: t(`emergency.mode.${m.mode}`),
            reason: m.reason,
            by: m.setBy,
            at: m.setAt,
          })}
          action={
            mayLift ? (
              <Popconfirm
                title={t('ui.emergency.confirmLift', { target: target(m) })}
                okText={t('ui.ok')}
                cancelText={t('ui.cancel')}
                onConfirm={async () => {
                  await liftEmergencyMode({ id: m.id });
                  await refresh();
                }}
              >
                <Button size="small" danger data-testid={`emergency-lift-${m.id}`}>
                  {t('ui.emergency.lift')}
                </Button>
              </Popconfirm>
            ) : null
          }
        />
      ))}
    </Space>
  );
}
