import { type Access, ROUTES, type RouteDef } from '@gatehouse/contracts';
import type { ComponentType } from 'react';

export interface PageDef {
  /** Browser path (react-router pattern), e.g. /account or /project/address/:communityId. */
  path: string;
  /**
   * The menus that open it: the access of the route its screen lists (one fact, with
   * the server). The shell shows "no permission" at once to whoever holds none of them.
   */
  access: Access;
  load: () => Promise<{ default: ComponentType }>;
}

/** A page opened by whoever may call the route its screen lists. */
const page = (path: string, listed: RouteDef, load: PageDef['load']): PageDef => ({ path, access: listed.access, load });

/**
 * The pages of the signed-in app. Areas add theirs here; every menu leaf has one
 * (pages.test.ts), and any other path shows the 404 page.
 */
export const PAGES: PageDef[] = [
  page('/project/project', ROUTES.community.getCommunitiesByPage, () => import('../features/community/ProjectPage.tsx')),
  page('/enterprise/enterpriselist', ROUTES.community.getEnterprisesPage, () => import('../features/community/EnterpriseListPage.tsx')),
  page('/project/address/:communityId', ROUTES.address.getAddressesPage, () => import('../features/address/AddressPage.tsx')),
  page(
    '/project/address/:communityId/amt/:addressId/isvilla/:isvilla',
    ROUTES.address.getAmts,
    () => import('../features/address/AmtPage.tsx'),
  ),
  page(
    '/project/address/:communityId/access/:addressId',
    ROUTES.card.getGateAccessesByAddressId,
    () => import('../features/card/DoorUnitCardsPage.tsx'),
  ),
  page('/account', ROUTES.account.searchAccounts, () => import('../features/account/AccountPage.tsx')),
  page('/permission', ROUTES.account.searchAccountsForPerm, () => import('../features/account/PermissionPage.tsx')),
  page('/message', ROUTES.message.getMessagesPage, () => import('../features/message/MessagePage.tsx')),
  page('/operationlog', ROUTES.oplog.getOpLogPage, () => import('../features/oplog/OperationLogPage.tsx')),
  page('/project/pool', ROUTES.pool.getPoolPage, () => import('../features/device/PoolPage.tsx')),
  page('/project/devices', ROUTES.device.getDevicesPage, () => import('../features/device/DevicesPage.tsx')),
  page('/access/visitorcode', ROUTES.qrcode.getQrDevicesPage, () => import('../features/visitorcode/VisitorCodePage.tsx')),
  page('/access/gm', ROUTES.gm.searchGmsPage, () => import('../features/gm/GmPage.tsx')),
  page('/access/gate', ROUTES.card.getGateAccessesPage, () => import('../features/card/GatePage.tsx')),
  page('/access/ladder', ROUTES.card.getGateAccessesPage, () => import('../features/card/LadderPage.tsx')),
  page('/gm/card/:addressId', ROUTES.card.getGateAccessesByAddressId, () => import('../features/card/DoorUnitCardsPage.tsx')),
  page('/access/faceid', ROUTES.face.getFaces, () => import('../features/face/FaceIdPage.tsx')),
  page('/gm/face/:addressId', ROUTES.face.getFaceAddressByAddressId, () => import('../features/face/GateFacesPage.tsx')), // also /gm/Face/...: routes match case-insensitively
  page('/access/commands', ROUTES.command.getCommandsPage, () => import('../features/command/CommandsPage.tsx')),
  page('/eventlog/accesslog', ROUTES.eventlog.getAccessLogPage, () => import('../features/eventlog/AccessLogPage.tsx')),
  page('/eventlog/alarm', ROUTES.alarm.getAlarmPage, () => import('../features/alarm/AlarmPage.tsx')),
  page('/access/entrance', ROUTES.eventlog.getAccessReportlistByPage, () => import('../features/eventlog/EntrancePage.tsx')),
  page('/access/visitor', ROUTES.eventlog.getQrcodelistByPage, () => import('../features/eventlog/VisitorPage.tsx')),
  page('/service/notice', ROUTES.notice.getNoticesPage, () => import('../features/notice/NoticePage.tsx')),
  page('/notices', ROUTES.notice.getNoticesPage, () => import('../features/notice/NoticePage.tsx')),
  page('/access/dailycheck', ROUTES.attendance.getDailycheckCompanies, () => import('../features/attendance/DailyCheckPage.tsx')),
  page(
    '/dailycheckrelation/dailydetail/:comId',
    ROUTES.attendance.getAccessWorklistByPage,
    () => import('../features/attendance/DailyDetailPage.tsx'),
  ),
  page(
    '/dailycheck/record/:comId/:date',
    ROUTES.attendance.getPunchlistByPage,
    () => import('../features/attendance/PunchRecordsPage.tsx'),
  ),
  page('/appcount', ROUTES.statistics.getDailyActivityRecordStatistics, () => import('../features/statistics/StatisticsPage.tsx')),
];
