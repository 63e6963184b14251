import { LIMITS } from '@gatehouse/contracts';
import { MenuOutlined, SwapOutlined } from '@ant-design/icons';
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

/**
 * Header: title, version, current community (cut at 20 characters), switch, bell, language, user.
 * On a phone (`phone`): the menu button first, the short title, then the same actions as icons
 * (the community is named at the top of the menu drawer); nothing wider than the screen.
 */
export function AppHeader({ phone = false, onMenu }: { phone?: boolean; onMenu?: () => void }) {
  const { t } = useT();
  const session = useSession();
  const [switching, setSwitching] = useState(false);
  const name = session?.communityName ?? '';
  const short = name.length > LIMITS.headerCommunityNameChars ? `${name.slice(0, LIMITS.headerCommunityNameChars)}…` : name;
  return (
    <header className={phone ? 'gh-header gh-header-phone' : 'gh-header'}>
      {phone ? <Button type="text" icon={<MenuOutlined />} aria-label={t('ui.menu')} onClick={onMenu} data-testid="menu-button" /> : null}
      <span className="gh-title">{t(phone ? 'ui.productShort' : 'ui.product')}</span>
      {phone ? null : <span className="gh-version">V{__APP_VERSION__}</span>}
      <span className="gh-spacer" />
      {phone ? null : (
        <Tooltip title={name}>
          <span className="gh-header-item" data-testid="current-community">
            {short}
          </span>
        </Tooltip>
      )}
      <Tooltip title={t('ui.switchCommunity')}>
        <Button type="text" icon={<SwapOutlined />} aria-label={t('ui.switchCommunity')} onClick={() => setSwitching(true)} />
      </Tooltip>
      {session ? <AlarmBell /> : null}
      {session && session.roleId !== 10 ? <MessageBell /> : null}
      <LanguageSelect dark compact={phone} />
      <UserMenu compact={phone} />
      <Suspense fallback={null}>{switching ? <CommunitySwitchDialog onClose={() => setSwitching(false)} /> : null}</Suspense>
    </header>
  );
}
