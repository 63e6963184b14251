import { Breadcrumb, Space, Tabs } from 'antd';
import { useT } from '../../i18n/index.ts';
import { mayManagePersonalData } from '../datareq/api.ts';
import { RetentionPanel } from '../datareq/RetentionPanel.tsx';
import { ReviewPanel } from './ReviewPanel.tsx';
import { UnusedPanel } from './UnusedPanel.tsx';

/** Access review and move-out (by account or household), and unused credentials (issue 13 items 5–7). */
export default function ReviewPage() {
  const { t } = useT();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Breadcrumb items={[{ title: t('menu.access') }, { title: t('menu.access.review') }]} />
      <Tabs
        destroyOnHidden
        items={[
          { key: 'review', label: t('ui.review.tabReview'), children: <ReviewPanel /> },
          { key: 'unused', label: t('ui.review.tabUnused'), children: <UnusedPanel /> },
          ...(mayManagePersonalData() ? [{ key: 'retention', label: t('ui.datareq.tab'), children: <RetentionPanel /> }] : []),
        ]}
      />
    </Space>
  );
}
