import { CARD_LIST } from '@gatehouse/contracts';
import { useT } from '../../i18n/index.ts';
import { CardListPage } from './CardListPage.tsx';

/** Gate (door) access card management, /access/gate (001 §2). */
export default function GatePage() {
  const { t } = useT();
  return <CardListPage ismjtk={CARD_LIST.gate} breadcrumb={[t('menu.access'), t('menu.access.gate')]} />;
}
