import {
  type Access,
  accountRoutes,
  addressRoutes,
  alarmRoutes,
  attendanceRoutes,
  cardRoutes,
  commandRoutes,
  communityRoutes,
  deviceRoutes,
  eventlogRoutes,
  faceRoutes,
  gmRoutes,
  liveRoutes,
  messageRoutes,
  noticeRoutes,
  oplogRoutes,
  poolRoutes,
  privacyRoutes,
  qrcodeRoutes,
  reviewRoutes,
  rulesRoutes,
  statisticsRoutes,
  webhookRoutes,
} from '@gatehouse/contracts';

/**
 * The route tables of the areas whose lists are pages, by their module name in the route table
 * (pageAccess.test.ts checks each is the table's own). In the browser an area's table carries
 * method, path, access and input limits, no zod (build/routeTable.ts), and the shell already loads
 * them (the contracts chunk): the pages read each route's `access` from here, not from a copy.
 */
const LISTED_TABLES = {
  account: accountRoutes,
  address: addressRoutes,
  alarm: alarmRoutes,
  attendance: attendanceRoutes,
  card: cardRoutes,
  command: commandRoutes,
  community: communityRoutes,
  device: deviceRoutes,
  eventlog: eventlogRoutes,
  face: faceRoutes,
  gm: gmRoutes,
  live: liveRoutes,
  message: messageRoutes,
  notice: noticeRoutes,
  oplog: oplogRoutes,
  pool: poolRoutes,
  privacy: privacyRoutes,
  qrcode: qrcodeRoutes,
  review: reviewRoutes,
  rules: rulesRoutes,
  statistics: statisticsRoutes,
  webhook: webhookRoutes,
} as const;

type Tables = typeof LISTED_TABLES;

/** A call a page may list, named `module.call` (e.g. `card.getGateAccessesPage`). */
export type PageRouteName = { [M in keyof Tables]: `${M}.${keyof Tables[M] & string}` }[keyof Tables];

/** The modules of the route table the pages list from (checked against ROUTES by pageAccess.test.ts). */
export const LISTED_MODULES = LISTED_TABLES as Readonly<Record<string, Readonly<Record<string, { access: Access }>>>>;

/** The access of a listed route: the route table's (one fact, with the server). */
export function routeAccess(name: PageRouteName): Access {
  const [module, call] = name.split('.') as [string, string];
  return (LISTED_MODULES[module] as Readonly<Record<string, { access: Access }>>)[call]?.access as Access;
}
