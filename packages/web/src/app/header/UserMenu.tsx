import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../api/session.ts';
import { MigrateAccountDialog } from '../../features/account/MigrateAccountDialog.tsx';
import { BasicInfoDialog } from '../../features/session/BasicInfoDialog.tsx';
import { ChangePasswordDialog } from '../../features/session/ChangePasswordDialog.tsx';
import { useT } from '../../i18n/index.ts';
import { clearSession } from '../../session/store.ts';
import { useSession } from '../../session/useSession.ts';

type Dialog = 'info' | 'password' | 'migrate' | null;

/** User dropdown: basic info, change password, account migration (role 10 only), log out. */
export function UserMenu() {
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
        <Button type="text" icon={<UserOutlined />} style={{ color: '#fff' }} data-testid="user-menu">
          {session?.user.name} <DownOutlined />
        </Button>
      </Dropdown>
      {dialog === 'info' ? <BasicInfoDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'password' ? <ChangePasswordDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'migrate' ? <MigrateAccountDialog onClose={() => setDialog(null)} /> : null}
    </>
  );
}
