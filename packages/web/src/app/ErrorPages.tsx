import { MENUS, menuFullPath } from '@gatehouse/contracts';
import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
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

/** A menu path whose screen is not built yet says so; any other path is a 404. */
export function ComingSoon() {
  const { t } = useT();
  const { pathname } = useLocation();
  const clean = pathname.replace(/\/+$/, '');
  const known = MENUS.some((m) => menuFullPath(m) === clean);
  if (!known) return <NotFound />;
  return <Result status="info" title={t('ui.comingSoon')} subTitle={clean} extra={<HomeButton />} />;
}
