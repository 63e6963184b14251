import { z } from 'zod';
import type { BrokerHealth } from '../broker.ts';
import type { MenuNode } from '../menus.ts';
import { empty, optStr, withT } from '../schemas/common.ts';
import {
  activeUserInput,
  loginInput,
  resetPwdInput,
  rolesByRegNoInput,
  sendVcodeInput,
  setLanguageInput,
  updateCommunityInput,
  validateVcodeInput,
  verifyUserInput,
} from '../schemas/session.ts';
import { defineRoutes, r } from './define.ts';
import type { UnitKind } from '../devices.ts';

export interface Option {
  intValue: number;
  label: string;
}

/** A door unit offered to a card or a face (001 §3 "Door unit (gm)" options) with its kind (issue 33): null while no device is bound. */
export interface DoorUnitOption extends Option {
  unitKind: UnitKind | null;
}

export interface SessionUser {
  userid: number;
  name: string;
  regNo: string;
  roleName: string;
}

/** What the browser keeps of a signed-in session (000 §3 "Session data"). */
export interface SessionContent {
  token: string;
  defaultPath: string | null;
  menus: MenuNode[];
  roleId: number;
  communityId: number;
  communityName: string;
  lang: string;
  user: SessionUser;
}

export interface PhoneContent {
  phoneNumber: string;
  /** 205 only: the administrator may answer with an authenticator or recovery code instead of the SMS code. */
  totp?: boolean;
}

/** Session calls the spec lists without a module sit at the API root (/api/<name>). */
export const sessionRoutes = defineRoutes(
  'session',
  {
    login: r<SessionContent | PhoneContent>()({ method: 'POST', input: loginInput, access: 'public' }),
    getRolesByRegNo: r<Option[]>()({ method: 'GET', input: rolesByRegNoInput, access: 'public' }),
    captcha: r<never>()({ method: 'GET', input: empty, access: 'public', kind: 'raw' }),
    setLanguage: r<{ type: string }>()({ method: 'GET', input: setLanguageInput, access: 'public' }),
    updateCommunityId: r<{ communityId: number; communityName: string }>()({
      method: 'GET',
      input: updateCommunityInput,
      access: 'session',
    }),
    sendVcode: r<null>()({ method: 'GET', input: sendVcodeInput, access: 'public' }),
    sendVcodeAdmin: r<null>()({ method: 'GET', input: sendVcodeInput, access: 'public' }),
    validatePhoVcode: r<null>()({ method: 'GET', input: validateVcodeInput, access: 'public' }),
    resetPwd: r<null>()({ method: 'POST', input: resetPwdInput, access: 'public' }),
    activeUser: r<null>()({ method: 'POST', input: activeUserInput, access: 'public' }),
    verifyUser: r<null>()({ method: 'GET', input: verifyUserInput, access: 'public' }),
    getSession: r<Omit<SessionContent, 'token'>>()({ method: 'GET', input: empty, access: 'session' }),
    health: r<{ ok: boolean; db: string; mqtt: string; broker: BrokerHealth }>()({ method: 'GET', input: empty, access: 'public' }),
  },
  { root: true },
);

export const logoutRoutes = defineRoutes('logout', {
  logout: r<null>()({ method: 'GET', input: empty, access: 'session' }),
});

export const roleRoutes = defineRoutes('role', {
  getRolesKeyValue: r<Option[]>()({ method: 'GET', input: empty, access: 'session' }),
  getSearchRolesKeyValues: r<Option[]>()({ method: 'GET', input: empty, access: 'session' }),
});

export const homeCommunityInput = z.object({ ...withT, name: optStr('f.comm.name', 200) });
