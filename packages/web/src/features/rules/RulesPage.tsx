import { useQueryClient } from '@tanstack/react-query';
import { Breadcrumb, Card, Empty, Select, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCommunities } from '../../api/lookups.ts';
import { useT } from '../../i18n/index.ts';
import { useApp } from '../../shared/useApp.ts';
import { rulesOf, setTimeZone, useSettings } from './api.ts';
import { HolidaysTab } from './HolidaysTab.tsx';
import { RulesTab } from './RulesTab.tsx';

/** Time zones offered (the server accepts any IANA name). */
const ZONES: string[] = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [
  'Asia/Shanghai',
];

/** Where the page keeps the community chosen last (this tab). */
const REMEMBERED = 'gh.rules.community';

/**
 * Access rules (issue 13): one community at a time (`?communityId=` chooses it on opening),
 * its time zone (what its door units judge schedules by), and the tabs Schedules / Holidays / Groups.
 */
export default function RulesPage() {
  const { t } = useT();
  const qc = useQueryClient();
  const communities = useCommunities();
  const [params, setParams] = useSearchParams();
  // `?communityId=` opens the page on that community (links, the browser checks); without it, the
  // community chosen last in this tab: the page does not forget it between visits (issue 36 item 10).
  const [communityId, setChosen] = useState<number | undefined>(
    () => Number(params.get('communityId')) || Number(sessionStorage.getItem(REMEMBERED)) || undefined,
  );
  const setCommunityId = (id: number | undefined) => {
    setChosen(id);
    if (id === undefined) sessionStorage.removeItem(REMEMBERED);
    else sessionStorage.setItem(REMEMBERED, String(id));
    setParams(id === undefined ? {} : { communityId: String(id) }, { replace: true });
  };
  const settings = useSettings(communityId);
  const { modal } = useApp();
  const changeZone = async (timeZone: string) => {
    if (communityId === undefined) return;
    await setTimeZone({ communityId, timeZone });
    await qc.invalidateQueries({ queryKey: rulesOf(communityId) });
  };
  // A new zone is pushed to every unit of the community at once: asked first, naming what it affects.
  const askZone = (timeZone: string) =>
    modal.confirm({
      title: t('ui.rules.timeZoneConfirm', { from: settings.data?.timeZone ?? '', to: timeZone }),
      content: t('ui.rules.timeZoneEffect', { n: settings.data?.doorUnits ?? 0 }),
      okText: t('ui.ok'),
      cancelText: t('ui.cancel'),
      onOk: () => changeZone(timeZone).catch(() => undefined),
    });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Breadcrumb items={[{ title: t('menu.access') }, { title: t('menu.access.rules') }]} />
      <Card>
        <Space wrap style={{ marginBottom: 12 }}>
          <Typography.Text>{t('ui.rules.community')}</Typography.Text>
          <Select
            style={{ width: 260 }}
            showSearch
            optionFilterProp="label"
            data-testid="rules-community"
            aria-label={t('ui.rules.community')}
            placeholder={t('ui.rules.chooseCommunity')}
            value={communityId}
            onChange={setCommunityId}
            options={communities.map((c) => ({ value: c.communityid, label: c.name }))}
          />
          {communityId !== undefined ? (
            <>
              <Typography.Text>{t('ui.rules.timeZone')}</Typography.Text>
              <Select
                style={{ width: 220 }}
                showSearch
                data-testid="rules-timezone"
                aria-label={t('ui.rules.timeZone')}
                value={settings.data?.timeZone}
                onChange={askZone}
                options={ZONES.map((z) => ({ value: z, label: z }))}
              />
            </>
          ) : null}
        </Space>
        {communityId === undefined ? (
          <Empty description={t('ui.rules.chooseCommunity')} />
        ) : (
          <Tabs
            items={[
              { key: 'schedules', label: t('ui.rules.tab.schedules'), children: <RulesTab kind="schedule" communityId={communityId} /> },
              { key: 'holidays', label: t('ui.rules.tab.holidays'), children: <HolidaysTab communityId={communityId} /> },
              { key: 'groups', label: t('ui.rules.tab.groups'), children: <RulesTab kind="group" communityId={communityId} /> },
            ]}
          />
        )}
      </Card>
    </Space>
  );
}
