import { Drawer } from 'antd';
import { useT } from '../i18n/index.ts';
import { useSession } from '../session/useSession.ts';
import { SideMenu } from './SideMenu.tsx';

/** The menu on a phone: a drawer from the left, headed by the current community; a choice closes it (Shell). */
export function PhoneMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const session = useSession();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={288}
      title={session?.communityName || t('ui.productShort')}
      styles={{ body: { padding: 0 } }}
      data-testid="phone-menu"
    >
      <nav aria-label={t('ui.menu')}>
        <SideMenu />
      </nav>
    </Drawer>
  );
}
