import { type Access, ROUTES } from '@gatehouse/contracts';
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

/**
 * The pages of the signed-in app. Areas add theirs here; every menu leaf has one
 * (pages.test.ts), and any other path shows the 404 page.
 */
export const PAGES: PageDef[] = [
  {
    path: '/project/project',
    access: ROUTES.community.getCommunitiesByPage.access,
    load: () => import('../features/community/ProjectPage.tsx'),
  },
  {
    path: '/enterprise/enterpriselist',
    access: ROUTES.community.getEnterprisesPage.access,
    load: () => import('../features/community/EnterpriseListPage.tsx'),
  },
  {
    path: '/project/address/:communityId',
    access: ROUTES.address.getAddressesPage.access,
    load: () => import('../features/address/AddressPage.tsx'),
  },
  {
    path: '/project/address/:communityId/amt/:addressId/isvilla/:isvilla',
    access: ROUTES.address.getAmts.access,
    load: () => import('../features/address/AmtPage.tsx'),
  },
  {
    path: '/project/address/:communityId/access/:addressId',
    access: ROUTES.card.getGateAccessesByAddressId.access,
    load: () => import('../features/card/DoorUnitCardsPage.tsx'),
  },
  { path: '/account', access: ROUTES.account.searchAccounts.access, load: () => import('../features/account/AccountPage.tsx') },
  {
    path: '/permission',
    access: ROUTES.account.searchAccountsForPerm.access,
    load: () => import('../features/account/PermissionPage.tsx'),
  },
  { path: '/message', access: ROUTES.message.getMessagesPage.access, load: () => import('../features/message/MessagePage.tsx') },
  { path: '/operationlog', access: ROUTES.oplog.getOpLogPage.access, load: () => import('../features/oplog/OperationLogPage.tsx') },
  { path: '/project/pool', access: ROUTES.pool.getPoolPage.access, load: () => import('../features/device/PoolPage.tsx') },
  { path: '/project/devices', access: ROUTES.device.getDevicesPage.access, load: () => import('../features/device/DevicesPage.tsx') },
  {
    path: '/access/visitorcode',
    access: ROUTES.qrcode.getQrDevicesPage.access,
    load: () => import('../features/visitorcode/VisitorCodePage.tsx'),
  },
  { path: '/access/gm', access: ROUTES.gm.searchGmsPage.access, load: () => import('../features/gm/GmPage.tsx') },
  { path: '/access/gate', access: ROUTES.card.getGateAccessesPage.access, load: () => import('../features/card/GatePage.tsx') },
  { path: '/access/ladder', access: ROUTES.card.getGateAccessesPage.access, load: () => import('../features/card/LadderPage.tsx') },
  {
    path: '/gm/card/:addressId',
    access: ROUTES.card.getGateAccessesByAddressId.access,
    load: () => import('../features/card/DoorUnitCardsPage.tsx'),
  },
  { path: '/access/faceid', access: ROUTES.face.getFaces.access, load: () => import('../features/face/FaceIdPage.tsx') },
  {
    path: '/gm/face/:addressId',
    access: ROUTES.face.getFaceAddressByAddressId.access,
    load: () => import('../features/face/GateFacesPage.tsx'),
  }, // also /gm/Face/...: routes match case-insensitively
  { path: '/access/commands', access: ROUTES.command.getCommandsPage.access, load: () => import('../features/command/CommandsPage.tsx') },
  {
    path: '/eventlog/accesslog',
    access: ROUTES.eventlog.getAccessLogPage.access,
    load: () => import('../features/eventlog/AccessLogPage.tsx'),
  },
  { path: '/eventlog/alarm', access: ROUTES.alarm.getAlarmPage.access, load: () => import('../features/alarm/AlarmPage.tsx') },
  {
    path: '/access/entrance',
    access: ROUTES.eventlog.getAccessReportlistByPage.access,
    load: () => import('../features/eventlog/EntrancePage.tsx'),
  },
  {
    path: '/access/visitor',
    access: ROUTES.eventlog.getQrcodelistByPage.access,
    load: () => import('../features/eventlog/VisitorPage.tsx'),
  },
  { path: '/service/notice', access: ROUTES.notice.getNoticesPage.access, load: () => import('../features/notice/NoticePage.tsx') },
  { path: '/notices', access: ROUTES.notice.getNoticesPage.access, load: () => import('../features/notice/NoticePage.tsx') },
  {
    path: '/access/dailycheck',
    access: ROUTES.attendance.getDailycheckCompanies.access,
    load: () => import('../features/attendance/DailyCheckPage.tsx'),
  },
  {
    path: '/dailycheckrelation/dailydetail/:comId',
    access: ROUTES.attendance.getAccessWorklistByPage.access,
    load: () => import('../features/attendance/DailyDetailPage.tsx'),
  },
  {
    path: '/dailycheck/record/:comId/:date',
    access: ROUTES.attendance.getPunchlistByPage.access,
    load: () => import('../features/attendance/PunchRecordsPage.tsx'),
  },
  {
    path: '/appcount',
    access: ROUTES.statistics.getDailyActivityRecordStatistics.access,
    load: () => import('../features/statistics/StatisticsPage.tsx'),
  },
];
