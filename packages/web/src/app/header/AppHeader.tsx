import { LIMITS } from '@gatehouse/contracts';
import { SwapOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { useSession } from '../../session/useSession.ts';
import { LanguageSelect } from './LanguageSelect.tsx';
import { AlarmBell } from './AlarmBell.tsx';
import { MessageBell } from './MessageBell.tsx';
import { UserMenu } from './UserMenu.tsx';

declare const __APP_VERSION__: string;

// The dialog loads when opened, not with the shell.
const CommunitySwitchDialog = lazy(() => import('./CommunitySwitchDialog.tsx').then((m) => ({ default: m.CommunitySwitchDialog })));

/** Header: title, version, current community (cut at 20 characters), switch, bell, language, user. */
export function AppHeader() {
  const { t } = useT();
  const session = useSession();
  const [switching, setSwitching] = useState(false);
  const name = session?.communityName ?? '';
  const short = name.length > LIMITS.headerCommunityNameChars ? `${name.slice(0, LIMITS.headerCommunityNameChars)}…` : name;
  return (
    <header className="gh-header">
      <span className="gh-title">{t('ui.product')}</span>
      <span className="gh-version">V{__APP_VERSION__}</span>
      <span className="gh-spacer" />
      <Tooltip title={name}>
        <span className="gh-header-item" data-testid="current-community">
          {short}
        </span>
      </Tooltip>
      <Tooltip title={t('ui.switchCommunity')}>
        <Button type="text" icon={<SwapOutlined />} aria-label={t('ui.switchCommunity')} onClick={() => setSwitching(true)} />
      </Tooltip>
      {session ? <AlarmBell /> : null}
      {session && session.roleId !== 10 ? <MessageBell /> : null}
      <LanguageSelect dark />
      <UserMenu />
      <Suspense fallback={null}>{switching ? <CommunitySwitchDialog onClose={() => setSwitching(false)} /> : null}</Suspense>
    </header>
  );
}
