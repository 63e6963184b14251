import type { ComponentType } from 'react';

export interface PageDef {
  /** Browser path (react-router pattern), e.g. /account or /project/address/:communityId. */
  path: string;
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * The pages of the signed-in app. Areas add theirs here; every menu leaf has one
 * (pages.test.ts), and any other path shows the 404 page.
 */
export const PAGES: PageDef[] = [
  { path: '/project/project', load: () => import('../features/community/ProjectPage.tsx') },
  { path: '/enterprise/enterpriselist', load: () => import('../features/community/EnterpriseListPage.tsx') },
  { path: '/project/address/:communityId', load: () => import('../features/address/AddressPage.tsx') },
  { path: '/project/address/:communityId/amt/:addressId/isvilla/:isvilla', load: () => import('../features/address/AmtPage.tsx') },
  { path: '/project/address/:communityId/access/:addressId', load: () => import('../features/card/DoorUnitCardsPage.tsx') },
  { path: '/account', load: () => import('../features/account/AccountPage.tsx') },
  { path: '/permission', load: () => import('../features/account/PermissionPage.tsx') },
  { path: '/message', load: () => import('../features/message/MessagePage.tsx') },
  { path: '/operationlog', load: () => import('../features/oplog/OperationLogPage.tsx') },
  { path: '/project/pool', load: () => import('../features/device/PoolPage.tsx') },
  { path: '/project/devices', load: () => import('../features/device/DevicesPage.tsx') },
  { path: '/access/visitorcode', load: () => import('../features/visitorcode/VisitorCodePage.tsx') },
  { path: '/access/gm', load: () => import('../features/gm/GmPage.tsx') },
  { path: '/access/gate', load: () => import('../features/card/GatePage.tsx') },
  { path: '/access/ladder', load: () => import('../features/card/LadderPage.tsx') },
  { path: '/gm/card/:addressId', load: () => import('../features/card/DoorUnitCardsPage.tsx') },
  { path: '/access/faceid', load: () => import('../features/face/FaceIdPage.tsx') },
  { path: '/gm/face/:addressId', load: () => import('../features/face/GateFacesPage.tsx') }, // also /gm/Face/...: routes match case-insensitively
  { path: '/access/commands', load: () => import('../features/command/CommandsPage.tsx') },
  { path: '/eventlog/accesslog', load: () => import('../features/eventlog/AccessLogPage.tsx') },
  { path: '/eventlog/alarm', load: () => import('../features/alarm/AlarmPage.tsx') },
  { path: '/access/entrance', load: () => import('../features/eventlog/EntrancePage.tsx') },
  { path: '/access/visitor', load: () => import('../features/eventlog/VisitorPage.tsx') },
  { path: '/service/notice', load: () => import('../features/notice/NoticePage.tsx') },
  { path: '/notices', load: () => import('../features/notice/NoticePage.tsx') },
  { path: '/access/dailycheck', load: () => import('../features/attendance/DailyCheckPage.tsx') },
  { path: '/dailycheckrelation/dailydetail/:comId', load: () => import('../features/attendance/DailyDetailPage.tsx') },
  { path: '/dailycheck/record/:comId/:date', load: () => import('../features/attendance/PunchRecordsPage.tsx') },
  { path: '/appcount', load: () => import('../features/statistics/StatisticsPage.tsx') },
];
