import { CARD_LIST } from '@gatehouse/contracts';
import { useT } from '../../i18n/index.ts';
import { CardListPage } from './CardListPage.tsx';

/** Lift card management, /access/ladder (001 §2). */
export default function LadderPage() {
  const { t } = useT();
  return <CardListPage ismjtk={CARD_LIST.ladder} breadcrumb={[t('menu.access'), t('menu.access.ladder')]} />;
}
