import { z } from 'zod';
import { ROLE } from '../roles.ts';
import { optInt, optStr, reqInt, withT } from '../schemas/common.ts';
import type { Option } from './session.ts';
import { r } from './define.ts';

export interface CommunityBrief {
  communityid: number;
  name: string;
}

/** Shared lookups used by several screens (001 §7 "Shared lookups"). */
export const getAllCommunitiesInput = z.object({ ...withT, type: optInt('f.type', 'smallint') });
export const searchResidentsInput = z.object({ ...withT, communityID: reqInt('f.community', true), address: optStr('f.address', 200) });

export const lookupSpecs = {
  getAllCommunities: r<CommunityBrief[]>()({ method: 'GET', input: getAllCommunitiesInput, access: 'session' }),
  searchResidents: r<Option[]>()({ method: 'GET', input: searchResidentsInput, access: 'session' }),
  /**
   * Engineers to assign to a project: only the project Add/Edit dialog asks, and it is
   * offered to roles 2 or lower (000 §5), so nobody else may read the engineering staff.
   */
  getEngineers: r<Option[]>()({
    method: 'GET',
    input: z.object(withT),
    access: { menus: ['project.project'], roles: [ROLE.superAdmin, ROLE.admin, ROLE.engineerSupervisor] },
  }),
};
