import { EVENT_RETENTION_MODES, RETENTION_LIMITS, type RetentionFace, retentionInput } from '@gatehouse/contracts';
import { Button, Card, Descriptions, Empty, Form, InputNumber, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useCommunities } from '../../api/lookups.ts';
import { useT } from '../../i18n/index.ts';
import { fieldRule } from '../../shared/rules.ts';
import { type RetentionValues, saveRetention, useRetention, useRetentionPreview } from './api.ts';
import { RegionTable } from '../../shared/scrollRegion.tsx';

const FIELDS = ['faceDays', 'eventMonths', 'visitorDays'] as const;

/**
 * A community's retention: how long faces of people who moved out, access events and visitor
 * records are kept (the daily job erases, drops or pseudonymises what is older), and the dry run:
 * what the next run would take, now.
 */
export function RetentionPanel() {
  const { t } = useT();
  const communities = useCommunities();
  const [communityId, setCommunityId] = useState<number | undefined>();
  const settings = useRetention(communityId);
  const preview = useRetentionPreview(communityId);
  const [form] = Form.useForm<RetentionValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);

  const save = async (v: RetentionValues) => {
    if (communityId === undefined) return;
    setSaving(true);
    try {
      await saveRetention(communityId, v);
      await Promise.all([settings.refetch(), preview.refetch()]);
    } catch {
      // The error was shown by the client; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  const p = preview.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <span>{t('ui.review.community')}</span>
          <Select
            style={{ width: 240 }}
            showSearch
            optionFilterProp="label"
            value={communityId}
            onChange={setCommunityId}
            options={communities.map((c) => ({ value: c.communityid, label: c.name }))}
            data-testid="retention-community"
            aria-label={t('ui.review.community')}
          />
        </Space>
      </Card>
      {communityId === undefined ? (
        <Empty description={t('ui.datareq.chooseCommunity')} />
      ) : (
        <>
          <Card size="small" title={t('ui.datareq.settings')}>
            <Form<RetentionValues> form={form} layout="vertical" onFinish={(v) => void save(v)} style={{ maxWidth: 480 }}>
              {FIELDS.map((f) => (
                <Form.Item
                  key={f}
                  name={f}
                  label={t(`f.datareq.${f}`)}
                  extra={t(`ui.datareq.${f}Hint`)}
                  rules={[fieldRule(retentionInput, f, { required: true })]}
                >
                  <InputNumber
                    min={RETENTION_LIMITS[f][0]}
                    max={RETENTION_LIMITS[f][1]}
                    style={{ width: 160 }}
                    data-testid={`retention-${f}`}
                    aria-label={t(`f.datareq.${f}`)}
                  />
                </Form.Item>
              ))}
              <Form.Item
                name="eventMode"
                label={t('f.datareq.eventMode')}
                rules={[fieldRule(retentionInput, 'eventMode', { required: true })]}
              >
                <Select
                  style={{ width: 320 }}
                  options={EVENT_RETENTION_MODES.map((m) => ({ value: m, label: t(`datareq.mode.${m}`) }))}
                  data-testid="retention-eventMode"
                  aria-label={t('f.datareq.eventMode')}
                />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={saving} data-testid="retention-save">
                  {t('ui.datareq.save')}
                </Button>
                <Typography.Text type="secondary" data-testid="retention-last-run">
                  {t('ui.datareq.lastRun', { at: settings.data?.lastRun || t('ui.datareq.never') })}
                </Typography.Text>
              </Space>
            </Form>
          </Card>
          <Card
            size="small"
            title={t('ui.datareq.dryRun')}
            extra={
              <Button onClick={() => void preview.refetch()} data-testid="retention-refresh">
                {t('ui.datareq.refresh')}
              </Button>
            }
          >
            {p ? (
              <Space direction="vertical" style={{ width: '100%' }} data-testid="retention-preview">
                <Descriptions size="small" column={1} bordered>
                  <Descriptions.Item label={t('ui.datareq.facesDue')}>
                    <span data-testid="due-faces">{p.faces.length}</span>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('ui.datareq.eventsDue', { mode: t(`datareq.mode.${p.eventMode}`) })}>
                    <span data-testid="due-events">{p.events.toLocaleString()}</span>
                    {p.eventCutoff ? (
                      <Typography.Text type="secondary"> {t('ui.datareq.before', { at: p.eventCutoff })}</Typography.Text>
                    ) : null}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('ui.datareq.visitorsDue')}>
                    <span data-testid="due-visitors">{p.visitorRecords.toLocaleString()}</span>
                  </Descriptions.Item>
                </Descriptions>
                {p.faces.length ? (
                  <RegionTable<RetentionFace>
                    name={t('ui.datareq.facesDue')}
                    size="small"
                    rowKey="id"
                    dataSource={p.faces}
                    pagination={{ pageSize: 10, hideOnSinglePage: true }}
                    scroll={{ x: 'max-content' }}
                    data-testid="due-face-table"
                    columns={[
                      { title: t('datareq.col.account'), dataIndex: 'account' },
                      { title: t('datareq.col.name'), dataIndex: 'userName' },
                      { title: t('datareq.col.address'), dataIndex: 'address' },
                      { title: t('ui.datareq.since'), dataIndex: 'since' },
                    ]}
                  />
                ) : null}
              </Space>
            ) : null}
          </Card>
        </>
      )}
    </Space>
  );
}
