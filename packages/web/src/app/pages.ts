import type { Access } from '@gatehouse/contracts';
import type { ComponentType } from 'react';
import { type Loader, loader } from './lazyScreen.tsx';
import { type PageRouteName, routeAccess } from './pageAccess.ts';

export interface PageDef {
  /** Browser path (react-router pattern), e.g. /account or /project/address/:communityId. */
  path: string;
  /**
   * The menus that open it: the access of the route its screen lists (one fact, with
   * the server). The shell shows "no permission" at once to whoever holds none of them.
   */
  access: Access;
  /** The route its screen lists (`module.call` of the route table). */
  listed: PageRouteName;
  load: Loader<{ default: ComponentType }>;
}

/**
 * A page opened by whoever may call the route its screen lists. The access is that route's in
 * its area's route table (pageAccess.ts), not the whole table: the entry loads no zod.
 */
const page = (path: string, listed: PageRouteName, load: () => Promise<{ default: ComponentType }>): PageDef => ({
  path,
  access: routeAccess(listed),
  listed,
  load: loader(load),
});

/**
 * The pages of the signed-in app. Areas add theirs here; every menu leaf has one
 * (pages.test.ts), and any other path shows the 404 page.
 */
export const PAGES: PageDef[] = [
  page('/project/project', 'community.getCommunitiesByPage', () => import('../features/community/ProjectPage.tsx')),
  page('/enterprise/enterpriselist', 'community.getEnterprisesPage', () => import('../features/community/EnterpriseListPage.tsx')),
  page('/project/address/:communityId', 'address.getAddressesPage', () => import('../features/address/AddressPage.tsx')),
  page('/project/address/:communityId/amt/:addressId/isvilla/:isvilla', 'address.getAmts', () => import('../features/address/AmtPage.tsx')),
  page(
    '/project/address/:communityId/access/:addressId',
    'card.getGateAccessesByAddressId',
    () => import('../features/card/DoorUnitCardsPage.tsx'),
  ),
  page('/account', 'account.searchAccounts', () => import('../features/account/AccountPage.tsx')),
  page('/permission', 'account.searchAccountsForPerm', () => import('../features/account/PermissionPage.tsx')),
  page('/message', 'message.getMessagesPage', () => import('../features/message/MessagePage.tsx')),
  page('/operationlog', 'oplog.getOpLogPage', () => import('../features/oplog/OperationLogPage.tsx')),
  page('/project/pool', 'pool.getPoolPage', () => import('../features/device/PoolPage.tsx')),
  page('/project/devices', 'device.getDevicesPage', () => import('../features/device/DevicesPage.tsx')),
  page('/access/visitorcode', 'qrcode.getQrDevicesPage', () => import('../features/visitorcode/VisitorCodePage.tsx')),
  page('/access/rules', 'rules.getSchedules', () => import('../features/rules/RulesPage.tsx')),
  page('/access/gm', 'gm.searchGmsPage', () => import('../features/gm/GmPage.tsx')),
  page('/access/gate', 'card.getGateAccessesPage', () => import('../features/card/GatePage.tsx')),
  page('/access/ladder', 'card.getGateAccessesPage', () => import('../features/card/LadderPage.tsx')),
  page('/gm/card/:addressId', 'card.getGateAccessesByAddressId', () => import('../features/card/DoorUnitCardsPage.tsx')),
  page('/access/faceid', 'face.getFaces', () => import('../features/face/FaceIdPage.tsx')),
  page('/gm/face/:addressId', 'face.getFaceAddressByAddressId', () => import('../features/face/GateFacesPage.tsx')), // also /gm/Face/...: routes match case-insensitively
  page('/access/commands', 'command.getCommandsPage', () => import('../features/command/CommandsPage.tsx')),
  page('/access/review', 'review.getReview', () => import('../features/review/ReviewPage.tsx')),
  page('/access/privacy', 'privacy.getErasures', () => import('../features/privacy/PrivacyPage.tsx')),
  page('/eventlog/accesslog', 'eventlog.getAccessLogPage', () => import('../features/eventlog/AccessLogPage.tsx')),
  page('/eventlog/alarm', 'alarm.getAlarmPage', () => import('../features/alarm/AlarmPage.tsx')),
  page('/access/entrance', 'eventlog.getAccessReportlistByPage', () => import('../features/eventlog/EntrancePage.tsx')),
  page('/access/visitor', 'eventlog.getQrcodelistByPage', () => import('../features/eventlog/VisitorPage.tsx')),
  page('/service/notice', 'notice.getNoticesPage', () => import('../features/notice/NoticePage.tsx')),
  page('/notices', 'notice.getNoticesPage', () => import('../features/notice/NoticePage.tsx')),
  page('/access/dailycheck', 'attendance.getDailycheckCompanies', () => import('../features/attendance/DailyCheckPage.tsx')),
  page(
    '/dailycheckrelation/dailydetail/:comId',
    'attendance.getAccessWorklistByPage',
    () => import('../features/attendance/DailyDetailPage.tsx'),
  ),
  page('/dailycheck/record/:comId/:date', 'attendance.getPunchlistByPage', () => import('../features/attendance/PunchRecordsPage.tsx')),
  page('/appcount', 'statistics.getDailyActivityRecordStatistics', () => import('../features/statistics/StatisticsPage.tsx')),
  page('/webhooks', 'webhook.getWebhooks', () => import('../features/webhook/WebhookPage.tsx')),
  page('/overview', 'live.getOverview', () => import('../features/overview/OverviewPage.tsx')),
];
