import { ROLE, type RoleId } from './roles.ts';

/**
 * The menu tree of spec 000 §2 with the child names of spec 001 §2. Ids are stable
 * (they travel as menuIds in updateUserMenu); names are catalogue keys; a child's
 * full path is the parent path plus the child path.
 */
export interface MenuDef {
  id: number;
  key: string;
  path: string;
  parentId: number;
  sort: number;
}

const M = (id: number, key: string, path: string, parentId: number, sort: number): MenuDef => ({
  id,
  key,
  path,
  parentId,
  sort,
});

export const MENUS: readonly MenuDef[] = [
  M(1, 'access', '/access', 0, 1),
  M(101, 'access.gate', '/gate', 1, 1),
  M(102, 'access.ladder', '/ladder', 1, 2),
  M(103, 'access.faceid', '/faceid', 1, 3),
  M(104, 'access.gm', '/gm', 1, 4),
  M(105, 'access.commands', '/commands', 1, 5),
  M(106, 'access.entrance', '/entrance', 1, 6),
  M(107, 'access.visitor', '/visitor', 1, 7),
  M(108, 'access.dailycheck', '/dailycheck', 1, 8),
  M(109, 'access.visitorcode', '/visitorcode', 1, 9),
  M(110, 'access.rules', '/rules', 1, 10),
  M(111, 'access.review', '/review', 1, 11),
  M(112, 'access.privacy', '/privacy', 1, 12),
  M(2, 'enterprise', '/enterprise', 0, 2),
  M(201, 'enterprise.list', '/enterpriselist', 2, 1),
  M(3, 'eventlog', '/eventlog', 0, 3),
  M(301, 'eventlog.accesslog', '/accesslog', 3, 1),
  M(302, 'eventlog.alarm', '/alarm', 3, 2),
  M(4, 'project', '/project', 0, 4),
  M(401, 'project.pool', '/pool', 4, 1),
  M(402, 'project.devices', '/devices', 4, 2),
  M(403, 'project.project', '/project', 4, 3),
  M(5, 'account', '/account', 0, 5),
  M(6, 'operationlog', '/operationlog', 0, 6),
  M(7, 'permission', '/permission', 0, 7),
  M(8, 'message', '/message', 0, 8),
  M(9, 'service', '/service', 0, 9),
  M(901, 'service.notice', '/notice', 9, 1),
  M(10, 'appcount', '/appcount', 0, 10),
  M(12, 'webhook', '/webhooks', 0, 12),
  M(11, 'overview', '/overview', 0, 11),
];

export type MenuKey =
  | 'access'
  | 'access.gate'
  | 'access.ladder'
  | 'access.faceid'
  | 'access.gm'
  | 'access.commands'
  | 'access.entrance'
  | 'access.visitor'
  | 'access.dailycheck'
  | 'access.visitorcode'
  | 'access.rules'
  | 'access.review'
  | 'access.privacy'
  | 'enterprise'
  | 'enterprise.list'
  | 'eventlog'
  | 'eventlog.accesslog'
  | 'eventlog.alarm'
  | 'project'
  | 'project.pool'
  | 'project.devices'
  | 'project.project'
  | 'account'
  | 'operationlog'
  | 'permission'
  | 'message'
  | 'service'
  | 'service.notice'
  | 'appcount'
  | 'webhook'
  | 'overview';

// looked up for every op-log row a list shows: by map, not by a scan of the menu table
const BY_KEY = new Map(MENUS.map((m) => [m.key, m]));
const BY_ID = new Map(MENUS.map((m) => [m.id, m]));
export const menuByKey = (key: MenuKey): MenuDef => {
  const m = BY_KEY.get(key);
  if (!m) throw new Error(`unknown menu ${key}`);
  return m;
};
export const menuById = (id: number): MenuDef | undefined => BY_ID.get(id);
export const isLeafMenu = (m: MenuDef): boolean => !MENUS.some((x) => x.parentId === m.id);
export const LEAF_MENUS: readonly MenuDef[] = MENUS.filter(isLeafMenu);

/** Full browser path of a menu: parent path + child path. */
export function menuFullPath(m: MenuDef): string {
  const parent = m.parentId ? menuById(m.parentId) : undefined;
  return parent ? `${parent.path}${m.path}` : m.path;
}

/** Menu tree node as delivered to the browser (menus of the session, getAllMenu). */
export interface MenuNode {
  id: number;
  key: string;
  name: string;
  path: string;
  children?: MenuNode[];
}

const leaves = (...keys: MenuKey[]) => keys;

/** Menus granted to a new account of each role (editable later in /permission). */
export const DEFAULT_ROLE_MENUS: Record<RoleId, MenuKey[]> = {
  [ROLE.superAdmin]: LEAF_MENUS.map((m) => m.key as MenuKey),
  [ROLE.admin]: LEAF_MENUS.map((m) => m.key as MenuKey),
  [ROLE.engineerSupervisor]: leaves(
    'project.project',
    'project.pool',
    'project.devices',
    'access.gm',
    'access.commands',
    'access.gate',
    'access.ladder',
    'access.faceid',
    'access.rules',
    'access.visitorcode',
    'account',
    'operationlog',
    'message',
    'access.review',
    'access.privacy',
    'overview',
  ),
  [ROLE.engineer]: leaves('project.project', 'project.devices', 'access.gm', 'access.commands', 'message'),
  [ROLE.propertySupervisor]: leaves(
    'account',
    'permission',
    'access.gate',
    'access.ladder',
    'access.faceid',
    'access.rules',
    'access.gm',
    'access.commands',
    'access.entrance',
    'access.visitor',
    'access.dailycheck',
    'eventlog.accesslog',
    'eventlog.alarm',
    'service.notice',
    'message',
    'appcount',
    'access.review',
    'access.privacy',
    'overview',
  ),
  [ROLE.propertyStaff]: leaves(
    'account',
    'access.gate',
    'access.ladder',
    'access.faceid',
    'access.rules',
    'access.gm',
    'access.entrance',
    'eventlog.accesslog',
    'eventlog.alarm',
    'service.notice',
    'message',
    'access.review',
    'access.privacy',
    'overview',
  ),
  [ROLE.householder]: [],
  [ROLE.doorUnit]: [],
  [ROLE.other]: [],
  [ROLE.cloudUser]: leaves(
    'enterprise.list',
    'project.devices',
    'access.visitorcode',
    'access.visitor',
    'access.entrance',
    'access.dailycheck',
    'account',
    'appcount',
  ),
  [ROLE.cloudEmployee]: [],
};

/** Menus only administrators hold (never granted to staff): webhooks (docs/live-operations.md). */
export const ADMIN_ONLY_MENUS: readonly MenuKey[] = ['webhook'];
const STAFF_GRANTABLE = DEFAULT_ROLE_MENUS[ROLE.admin].filter((k) => !ADMIN_ONLY_MENUS.includes(k));

/**
 * Menus that fit each role: the one table the permission screen offers from and the
 * server checks grants against (updateUserMenu). Staff roles (2–5) may hold any menu;
 * an enterprise user (10) the enterprise screens of its default set; householders,
 * door units, other and employees hold none, which is why the permission screen lists
 * only roles up to 5, and 10 (000 §2). Administrators hold every menu and are not edited.
 */
export const GRANTABLE_MENUS: Record<RoleId, readonly MenuKey[]> = {
  [ROLE.superAdmin]: DEFAULT_ROLE_MENUS[ROLE.superAdmin],
  [ROLE.admin]: DEFAULT_ROLE_MENUS[ROLE.admin],
  [ROLE.engineerSupervisor]: STAFF_GRANTABLE,
  [ROLE.engineer]: STAFF_GRANTABLE,
  [ROLE.propertySupervisor]: STAFF_GRANTABLE,
  [ROLE.propertyStaff]: STAFF_GRANTABLE,
  [ROLE.householder]: [],
  [ROLE.doorUnit]: [],
  [ROLE.other]: [],
  [ROLE.cloudUser]: DEFAULT_ROLE_MENUS[ROLE.cloudUser],
  [ROLE.cloudEmployee]: [],
};

/** Whether a menu (leaf or parent id) fits an account of a role: a parent fits when one of its leaves does. */
export function menuFitsRole(roleId: number, menuId: number): boolean {
  const keys: readonly string[] = GRANTABLE_MENUS[roleId as RoleId] ?? [];
  return MENUS.some((m) => keys.includes(m.key) && (m.id === menuId || m.parentId === menuId));
}
