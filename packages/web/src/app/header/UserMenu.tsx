import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../api/session.ts';
import { useT } from '../../i18n/index.ts';
import { clearSession } from '../../session/store.ts';
import { useSession } from '../../session/useSession.ts';

// The dialogs load when opened, not with the shell.
const BasicInfoDialog = lazy(() => import('../../features/session/BasicInfoDialog.tsx').then((m) => ({ default: m.BasicInfoDialog })));
const ChangePasswordDialog = lazy(() =>
  import('../../features/session/ChangePasswordDialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })),
);
const MigrateAccountDialog = lazy(() =>
  import('../../features/account/MigrateAccountDialog.tsx').then((m) => ({ default: m.MigrateAccountDialog })),
);

type Dialog = 'info' | 'password' | 'migrate' | null;

/**
 * User dropdown: basic info, change password, account migration (role 10 only), log out.
 * `compact` (a phone's header): the person icon alone, named after the user, whose name heads the menu.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useT();
  const nav = useNavigate();
  const session = useSession();
  const [dialog, setDialog] = useState<Dialog>(null);
  const logout = async () => {
    try {
      await signOut();
    } finally {
      clearSession();
      nav('/login');
    }
  };
  const items = [
    ...(compact ? [{ key: 'name', label: session?.user.name, disabled: true }, { type: 'divider' as const }] : []),
    { key: 'info', label: t('ui.basicInfo') },
    { key: 'password', label: t('ui.changePassword') },
    ...(session?.roleId === 10 ? [{ key: 'migrate', label: t('ui.migrateAccount') }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: t('ui.logout') },
  ];
  return (
    <>
      <Dropdown
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'logout') void logout();
            else setDialog(key as Dialog);
          },
        }}
      >
        {compact ? (
          <Button type="text" icon={<UserOutlined />} style={{ color: '#fff' }} aria-label={session?.user.name} data-testid="user-menu" />
        ) : (
          <Button type="text" icon={<UserOutlined />} style={{ color: '#fff' }} data-testid="user-menu">
            {session?.user.name} <DownOutlined />
          </Button>
        )}
      </Dropdown>
      <Suspense fallback={null}>
        {dialog === 'info' ? <BasicInfoDialog onClose={() => setDialog(null)} /> : null}
        {dialog === 'password' ? <ChangePasswordDialog onClose={() => setDialog(null)} /> : null}
        {dialog === 'migrate' ? <MigrateAccountDialog onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </>
  );
}
