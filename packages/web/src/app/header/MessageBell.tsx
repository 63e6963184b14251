import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useMessagePush } from '../../api/session.ts';
import { useT } from '../../i18n/index.ts';
import { useApp } from '../../shared/useApp.ts';

/** The bell polls getMessagePush every 100 s; when the count rises it says so, with a link to /message. */
export function MessageBell() {
  const { t } = useT();
  const nav = useNavigate();
  const { notification } = useApp();
  const q = useMessagePush();
  const last = useRef<number | null>(null);
  const count = q.data?.count ?? 0;
  useEffect(() => {
    if (q.data === undefined) return;
    if (last.current !== null && count > last.current) {
      notification.info({
        message: t('ui.newMessage'),
        description: (
          <Button type="link" style={{ padding: 0 }} onClick={() => nav('/message')}>
            {t('ui.viewMessages')}
          </Button>
        ),
      });
    }
    last.current = count;
  }, [count, q.data, nav, notification, t]);
  return (
    <Badge dot={count > 0} offset={[-6, 6]}>
      <Button type="text" icon={<BellOutlined />} aria-label={t('ui.messages')} onClick={() => nav('/message')} style={{ color: '#fff' }} />
    </Badge>
  );
}
