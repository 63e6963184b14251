import { AlertOutlined } from '@ant-design/icons';
import { liveRoutes } from '@gatehouse/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { OPEN_ALARMS_KEY, useOpenAlarmCount } from '../../api/alarms.ts';
import { useT } from '../../i18n/index.ts';
import { mayCall } from '../../session/access.ts';
import { useLive } from '../../shared/live.ts';

/** The alarm bell: open alerts (units offline, alarms not acknowledged), updated live; opens the alarm records. */
export function AlarmBell() {
  const { t } = useT();
  const nav = useNavigate();
  const qc = useQueryClient();
  const allowed = mayCall(liveRoutes.getOpenAlarmCount.access);
  const q = useOpenAlarmCount(allowed);
  useLive(['alarm'], () => qc.invalidateQueries({ queryKey: OPEN_ALARMS_KEY }), { enabled: allowed });
  if (!allowed) return null;
  const count = q.data?.count ?? 0;
  return (
    <Tooltip title={t('ui.live.alarms')}>
      <Badge count={count} size="small" offset={[-4, 4]} data-testid="alarm-bell-count">
        <Button
          type="text"
          icon={<AlertOutlined />}
          aria-label={t('ui.live.alarms')}
          onClick={() => nav('/eventlog/alarm')}
          style={{ color: '#fff' }}
        />
      </Badge>
    </Tooltip>
  );
}
