import { type Access, type MenuKey, ROLE, type ROUTES } from '@gatehouse/contracts';

/** A call of the route table, named `module.call` (e.g. `card.getGateAccessesPage`). */
export type RouteName = { [M in keyof typeof ROUTES]: `${M & string}.${keyof (typeof ROUTES)[M] & string}` }[keyof typeof ROUTES];

/** The access of a route that whoever holds one of these menus may call. */
const menus = (...keys: MenuKey[]) => ({ menus: keys });

/**
 * The access of the routes the pages list, copied from the route table so the first screen
 * does not load the whole table and its zod schemas to decide which pages a user may open.
 * The route table stays the one source: pageAccess.test.ts fails when an entry differs from
 * its route's `access` (or a page lists a route missing here).
 */
export const PAGE_ROUTE_ACCESS = {
  'community.getCommunitiesByPage': menus('project.project'),
  'community.getEnterprisesPage': menus('enterprise.list'),
  'address.getAddressesPage': menus('project.project'),
  'address.getAmts': menus('project.project', 'project.devices'),
  'card.getGateAccessesByAddressId': menus('access.gm'),
  'account.searchAccounts': menus('account'),
  'account.searchAccountsForPerm': menus('permission'),
  'message.getMessagesPage': menus('message'),
  'oplog.getOpLogPage': menus('operationlog'),
  'pool.getPoolPage': menus('project.pool'),
  'device.getDevicesPage': menus('project.devices'),
  'qrcode.getQrDevicesPage': menus('access.visitorcode'),
  'rules.getSchedules': menus('access.rules'),
  'gm.searchGmsPage': menus('access.gm'),
  'card.getGateAccessesPage': menus('access.gate', 'access.ladder'),
  'face.getFaces': menus('access.faceid'),
  'face.getFaceAddressByAddressId': menus('access.gm'),
  'command.getCommandsPage': menus('access.commands'),
  'review.getReview': menus('access.review'),
  'privacy.getErasures': menus('access.privacy'),
  'eventlog.getAccessLogPage': menus('eventlog.accesslog'),
  'alarm.getAlarmPage': menus('eventlog.alarm'),
  'eventlog.getAccessReportlistByPage': menus('access.entrance'),
  'eventlog.getQrcodelistByPage': menus('access.visitor'),
  'notice.getNoticesPage': menus('service.notice'),
  'attendance.getDailycheckCompanies': menus('access.dailycheck'),
  'attendance.getAccessWorklistByPage': menus('access.dailycheck'),
  'attendance.getPunchlistByPage': menus('access.dailycheck'),
  'statistics.getDailyActivityRecordStatistics': menus('appcount'),
  'webhook.getWebhooks': { menus: ['webhook'], roles: [ROLE.superAdmin, ROLE.admin] },
  'live.getOverview': menus('overview'),
} satisfies Partial<Record<RouteName, Access>>;

export type PageRouteName = keyof typeof PAGE_ROUTE_ACCESS;
