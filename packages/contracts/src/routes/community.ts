import type { Deleted, Page } from '../envelope.ts';
import { ROLE } from '../roles.ts';
import {
  communityIdInput,
  communityIdsInput,
  communityNamesInput,
  communityOfInput,
  communityPageInput,
  coverFileInput,
  createCommunityInput,
  createCommunityRuleInput,
  enterprisePageInput,
  updateCommuInput,
  updateEnterpriseInput,
  uploadCommunityFilesInput,
} from '../schemas/community.ts';
import { homeCommunityInput } from './session.ts';
import { defineRoutes, r } from './define.ts';
import { type CommunityBrief, lookupSpecs } from './lookups.ts';

export * from '../schemas/community.ts';

export interface CommunityOption {
  communityid: number;
  name: string;
  location: string;
  address: string;
}

/** A row of /project/project (000 §3 "Community"); engineers only for roles 2 or lower. */
export interface CommunityRow {
  communityid: number;
  name: string;
  location: string;
  address: string;
  ip: string;
  type: number;
  regNo: string;
  deviceNum: number;
  addressNum: number;
  engineerIdList?: number[];
  engineers?: string;
}

/** A row of /enterprise/enterpriselist (001 §3 "Enterprise"). */
export interface EnterpriseRow {
  communityid: number;
  name: string;
  regNo: string;
  location: string;
  address: string;
  deviceNum: number;
}

/** A cover picture: `filepath` (= `url`) is the signed-in GET route that serves it. */
export interface CommunityFile {
  id: number;
  fileId: number;
  name: string;
  size: number;
  filepath: string;
  url: string;
}

/** Attendance rule of a community (001 §3); times are HH:mm:ss or ''. */
export interface AttendanceRule {
  communityid: number;
  vtype: number;
  type: number;
  starttime: string;
  endtime: string;
  mstarttime: string;
  mendtime: string;
  pstarttime: string;
  pendtime: string;
}

const ADMINS = [ROLE.superAdmin, ROLE.admin, ROLE.engineerSupervisor] as const;
const project = { menus: ['project.project'] } as const;
/** Add and Edit: roles 2 or lower (000 §2). */
const projectAdmin = { menus: ['project.project'], roles: ADMINS } as const;
const projectOrEnterprise = { menus: ['project.project', 'enterprise.list'] } as const;
const enterprise = { menus: ['enterprise.list'] } as const;
const rules = { menus: ['access.dailycheck', 'project.project'] } as const;

/** Community calls (000 §7 "Community") and the enterprise list (001 §7 "Enterprise list"). */
export const communityRoutes = defineRoutes('community', {
  /** Communities the caller may switch to (the shell's community switch). */
  getHomeCommunities: r<CommunityOption[]>()({ method: 'GET', input: homeCommunityInput, access: 'session' }),
  getAllCommunities: lookupSpecs.getAllCommunities,
  getCommunitiesByPage: r<Page<CommunityRow>>()({ method: 'GET', input: communityPageInput, access: project }),
  getCommunity: r<CommunityRow>()({ method: 'GET', input: communityIdInput, access: projectOrEnterprise }),
  searchCommunitynames: r<CommunityBrief[]>()({ method: 'GET', input: communityNamesInput, access: 'session' }),
  getCommunityRule: r<AttendanceRule>()({ method: 'GET', input: communityOfInput, access: rules }),
  createCommunityRule: r<AttendanceRule>()({ method: 'POST', input: createCommunityRuleInput, access: rules }),
  getCommunityFiles: r<CommunityFile[]>()({ method: 'GET', input: communityOfInput, access: projectOrEnterprise }),
  /** The image of a cover, for signed-in users in scope (token header). */
  getCommunityFile: r<never>()({ method: 'GET', input: coverFileInput, access: projectOrEnterprise, kind: 'raw' }),
  create: r<CommunityRow>()({ method: 'POST', input: createCommunityInput, access: projectAdmin }),
  updateCommu: r<CommunityRow>()({ method: 'POST', input: updateCommuInput, access: projectAdmin }),
  /** Delete (one id) is for everyone in scope; several ids only for roles 2 or lower. */
  batchDel: r<Deleted>()({ method: 'POST', input: communityIdsInput, access: project }),
  uploadCommunityFiles: r<CommunityFile[]>()({
    method: 'POST',
    input: uploadCommunityFilesInput,
    access: projectOrEnterprise,
    kind: 'multipart',
  }),
  getEnterprisesPage: r<Page<EnterpriseRow>>()({ method: 'GET', input: enterprisePageInput, access: enterprise }),
  updateEnterprise: r<EnterpriseRow>()({ method: 'POST', input: updateEnterpriseInput, access: enterprise }),
});
