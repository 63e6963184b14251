import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../i18n/index.ts';
import { getSession } from '../session/store.ts';

function HomeButton() {
  const { t } = useT();
  const nav = useNavigate();
  const s = getSession();
  return (
    <Button type="primary" onClick={() => nav(s ? (s.defaultPath ?? '/403') : '/login')}>
      {s ? t('ui.backHome') : t('ui.toLogin')}
    </Button>
  );
}

export function Forbidden() {
  const { t } = useT();
  return <Result status="403" title={t('ui.forbiddenTitle')} subTitle={t('ui.forbiddenText')} extra={<HomeButton />} />;
}

export function NotFound() {
  const { t } = useT();
  return <Result status="404" title={t('ui.notFoundTitle')} subTitle={t('ui.notFoundText')} extra={<HomeButton />} />;
}

/** A screen that failed to draw or to load (its code changed with an upgrade, the network dropped). */
export function ScreenFailed() {
  const { t } = useT();
  return (
    <Result
      status="error"
      title={t('ui.screenFailedTitle')}
      subTitle={t('ui.screenFailedText')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()} data-testid="screen-reload">
          {t('ui.reload')}
        </Button>
      }
    />
  );
}
