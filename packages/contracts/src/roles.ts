/** Role ids of spec 000 §6. Anything below 2 is a system administrator. */
export const ROLE = {
  superAdmin: 0,
  admin: 1,
  engineerSupervisor: 2,
  engineer: 3,
  propertySupervisor: 4,
  propertyStaff: 5,
  householder: 7,
  doorUnit: 8,
  other: 9,
  cloudUser: 10,
  cloudEmployee: 11,
} as const;

export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const ALL_ROLES: readonly RoleId[] = Object.values(ROLE);

/** Administrators: role id below 2 (spec 000 §6). */
export const isSystemAdmin = (roleId: number): boolean => roleId < 2;
/** "Roles 2 or lower" of spec 001 §6: administrators and engineering supervisors. */
export const isAdminLevel = (roleId: number): boolean => roleId <= 2;
export const isManagerRole = (roleId: number): boolean => roleId === 4 || roleId === 5;
export const isEngineerRole = (roleId: number): boolean => roleId === 2 || roleId === 3;
export const isEnterpriseRole = (roleId: number): boolean => roleId === 10 || roleId === 11;

/** Roles offered when adding an account: all but cloud users (000 §6). */
export const CREATABLE_ROLES: readonly RoleId[] = ALL_ROLES.filter((r) => r !== 10 && r !== 11 && r !== 0);
/** Roles offered by the permission screen filter: up to 5, or 10 (000 §2). */
export const PERMISSION_FILTER_ROLES: readonly RoleId[] = ALL_ROLES.filter((r) => (r <= 5 && r !== 0) || r === 10);

/** Catalogue key of a role's name. */
export const roleNameKey = (roleId: number): string => `role.${roleId}`;
