import { datareqRoutes, type PersonSection } from '@gatehouse/contracts';
import { Modal, Space, Spin, Typography } from 'antd';
import { useT } from '../../i18n/index.ts';
import { ExportButton } from '../../shared/ExportButton.tsx';
import { type Person, usePersonSummary } from './api.ts';
import { RegionTable } from '../../shared/scrollRegion.tsx';

/**
 * "What do you hold about me": what the export of a person (an account, or a household) holds,
 * part by part, and its download (a zip of CSV files with the face photos and visitor-pass images;
 * the export's progress shows while it downloads). The download is recorded in the op log.
 */
export function PersonDataDialog({ person, onClose }: { person: Person; onClose: () => void }) {
  const { t } = useT();
  const summary = usePersonSummary(person);
  const data = summary.data;
  return (
    <Modal open title={t('ui.datareq.title')} onCancel={onClose} footer={null} width={560} destroyOnHidden>
      {data ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text strong data-testid="person-subject">
            {t('ui.datareq.subject', { subject: data.subject })}
          </Typography.Text>
          <RegionTable<PersonSection>
            name={t('ui.datareq.title')}
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={data.sections}
            data-testid="person-sections"
            columns={[
              { title: t('ui.datareq.section'), dataIndex: 'title' },
              { title: t('ui.datareq.rows'), dataIndex: 'rows', align: 'right', render: (n: number) => n.toLocaleString() },
            ]}
          />
          <Typography.Text type="secondary">{t('ui.datareq.files', { files: data.files })}</Typography.Text>
          <Typography.Text type="secondary">{t('ui.datareq.logged')}</Typography.Text>
          <ExportButton route={datareqRoutes.exportPerson} params={person} sheet={t('ui.datareq.fileName', { subject: data.subject })} />
        </Space>
      ) : summary.isError ? (
        <Typography.Text type="danger">{t('ui.datareq.failed')}</Typography.Text>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
