import { LIMITS, type ReviewCredential, type ReviewGroup, type ReviewPlace, reviewRoutes } from '@gatehouse/contracts';
import { Button, Card, Empty, Form, Input, Radio, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCommunities, useResidents } from '../../api/lookups.ts';
import { useT } from '../../i18n/index.ts';
import { ExportButton } from '../../shared/ExportButton.tsx';
import { COMMAND_STATUSES } from '../../shared/statuses.ts';
import { EnumTag } from '../../shared/valueEnum.tsx';
import { type Subject, useReview } from './api.ts';
import { MoveOutDialog } from './MoveOutDialog.tsx';
import { mayManagePersonalData } from '../datareq/api.ts';
import { PersonDataDialog } from '../datareq/PersonDataDialog.tsx';
import { RegionTable } from '../../shared/scrollRegion.tsx';
import { inputLimits } from '../../api/inputLimits.ts';

/** The subject given in the address (from the address and account lists' "Access review"). */
function subjectOfUrl(q: URLSearchParams): Subject | null {
  const addressId = Number(q.get('addressId'));
  if (addressId > 0) return { addressId };
  const account = q.get('account');
  return account ? { account } : null;
}

function Places({ places, kind }: { places: ReviewPlace[]; kind: string }) {
  const { t } = useT();
  if (!places.length) return <Typography.Text type="secondary">{t('ui.review.nowhere')}</Typography.Text>;
  return (
    <Space direction="vertical" size={2}>
      {places.map((p) => (
        <Space key={`${p.source}-${p.group?.id ?? 0}-${p.gateId}`} size={4} wrap data-testid={`place-${p.gateName}`}>
          <Tag>{t(`review.source.${p.source}`)}</Tag>
          {p.group ? (
            <Typography.Text strong data-testid="place-group">
              {p.group.name}
            </Typography.Text>
          ) : null}
          <span>{p.gateId ? p.gateName : t('review.noUnits')}</span>
          {p.validfrom || p.validto ? (
            <Typography.Text type="secondary">
              {p.validfrom} – {p.validto}
            </Typography.Text>
          ) : null}
          {p.detail ? <Typography.Text type="secondary">{p.detail}</Typography.Text> : null}
          {p.sync ? (
            <EnumTag of={COMMAND_STATUSES} value={p.sync.status} data-testid="sync" />
          ) : kind !== 'qrcode' && p.gateId ? (
            <Tag data-testid="sync">{t('review.sync.none')}</Tag>
          ) : null}
        </Space>
      ))}
    </Space>
  );
}

/** The access groups a credential holds, each with its schedule. */
function Groups({ groups }: { groups: ReviewGroup[] }) {
  if (!groups.length) return <Typography.Text type="secondary">–</Typography.Text>;
  return (
    <Space direction="vertical" size={2}>
      {groups.map((g) => (
        <Space key={g.id} size={4} wrap data-testid={`group-${g.name}`}>
          <span>{g.name}</span>
          <Tag>{g.schedule}</Tag>
        </Space>
      ))}
    </Space>
  );
}

/** Search by account or household, the credentials with where they work, export and move-out. */
export function ReviewPanel() {
  const { t } = useT();
  const [params] = useSearchParams();
  const initial = subjectOfUrl(params);
  const [subject, setSubject] = useState<Subject | null>(initial);
  const [by, setBy] = useState<'account' | 'household'>(initial && 'addressId' in initial ? 'household' : 'account');
  const [account, setAccount] = useState(initial && 'account' in initial ? initial.account : '');
  const [communityId, setCommunityId] = useState<number | undefined>();
  const [text, setText] = useState('');
  const [household, setHousehold] = useState<number | undefined>(initial && 'addressId' in initial ? initial.addressId : undefined);
  const [moving, setMoving] = useState(false);
  const [personData, setPersonData] = useState(false);
  const communities = useCommunities();
  const residents = useResidents(communityId, text);
  const review = useReview(subject);
  const data = review.data;

  const columns: ColumnsType<ReviewCredential> = [
    { title: t('review.col.kind'), dataIndex: 'kind', render: (k: string) => <Tag>{t(`review.kind.${k}`)}</Tag> },
    { title: t('review.col.label'), dataIndex: 'label' },
    { title: t('review.col.account'), dataIndex: 'account' },
    { title: t('review.col.address'), dataIndex: 'address' },
    {
      title: t('review.col.status'),
      dataIndex: 'status',
      render: (s: string) => (
        <Tag color={s === 'enable' || s === 'valid' ? 'green' : undefined}>
          {t(['valid', 'expired'].includes(s) ? `review.status.${s}` : `ui.face.status.${s}`)}
        </Tag>
      ),
    },
    { title: t('review.col.group'), key: 'groups', render: (_v, r) => <Groups groups={r.groups} /> },
    { title: t('ui.review.places'), key: 'places', render: (_v, r) => <Places places={r.places} kind={r.kind} /> },
    { title: t('review.col.lastUsed'), dataIndex: 'lastUsed', render: (v: string) => v || t('ui.review.never') },
  ];

  const search = () => {
    if (by === 'account' && account.trim()) setSubject({ account: account.trim() });
    if (by === 'household' && household) setSubject({ addressId: household });
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Form layout="inline" onFinish={search}>
          <Form.Item>
            <Radio.Group value={by} onChange={(e) => setBy(e.target.value)} optionType="button">
              <Radio.Button value="account">{t('ui.review.byAccount')}</Radio.Button>
              <Radio.Button value="household">{t('ui.review.byHousehold')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          {by === 'account' ? (
            <Form.Item label={t('ui.review.account')}>
              <Input
                value={account}
                maxLength={inputLimits(reviewRoutes.getReview).account}
                allowClear
                onChange={(e) => setAccount(e.target.value)}
                data-testid="review-account"
                aria-label={t('ui.review.account')}
                style={{ width: 200 }}
              />
            </Form.Item>
          ) : (
            <>
              <Form.Item label={t('ui.review.community')}>
                <Select
                  style={{ width: 200 }}
                  showSearch
                  optionFilterProp="label"
                  value={communityId}
                  onChange={(v) => {
                    setCommunityId(v);
                    setHousehold(undefined);
                  }}
                  options={communities.map((c) => ({ value: c.communityid, label: c.name }))}
                  data-testid="review-community"
                  aria-label={t('ui.review.community')}
                />
              </Form.Item>
              <Form.Item label={t('ui.review.household')}>
                <Select
                  style={{ width: 240 }}
                  showSearch
                  filterOption={false}
                  onSearch={setText}
                  value={household}
                  onChange={setHousehold}
                  options={residents.map((r) => ({ value: r.intValue, label: r.label }))}
                  data-testid="review-household"
                  aria-label={t('ui.review.household')}
                />
              </Form.Item>
            </>
          )}
          <Form.Item>
            <Button type="primary" htmlType="submit" data-testid="review-search">
              {t('ui.review.search')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card size="small">
        {subject && data ? (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <div className="gh-toolbar">
              <Typography.Text strong data-testid="review-subject">
                {t('ui.review.subject', { subject: data.subject })}
              </Typography.Text>
              <ExportButton route={reviewRoutes.exportReview} params={subject} sheet={`${t('review.sheet')} ${data.subject}`} />
              {mayManagePersonalData() ? (
                <Button onClick={() => setPersonData(true)} data-testid="person-data">
                  {t('ui.datareq.open')}
                </Button>
              ) : null}
              <Button danger disabled={!data.credentials.length} onClick={() => setMoving(true)} data-testid="move-out">
                {t('ui.review.moveOut')}
              </Button>
            </div>
            <RegionTable<ReviewCredential>
              name={t('ui.review.tabReview')}
              rowKey={(r) => `${r.kind}:${r.id}`}
              size="small"
              columns={columns}
              dataSource={data.credentials}
              pagination={{ pageSize: LIMITS.defaultPageSize, hideOnSinglePage: true }}
              locale={{ emptyText: <Empty description={t('ui.review.empty')} /> }}
              data-testid="review-table"
            />
          </Space>
        ) : (
          <Empty description={t('ui.review.startHint')} />
        )}
      </Card>
      {personData && subject ? <PersonDataDialog person={subject} onClose={() => setPersonData(false)} /> : null}
      {moving && subject ? (
        <MoveOutDialog
          subject={subject}
          onClose={() => {
            setMoving(false);
            void review.refetch();
          }}
        />
      ) : null}
    </Space>
  );
}
