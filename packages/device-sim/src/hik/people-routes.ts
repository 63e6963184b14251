import { BAD_JSON, err, OK } from './answers.ts';
import type { IsapiRoutes } from './isapi.ts';
import type { HikUser } from './state.ts';

/** Persons and cards (`/ISAPI/AccessControl/UserInfo/…`, `/CardInfo/…`) of the emulated terminal. */
export const peopleRoutes: IsapiRoutes = {
  'PUT /ISAPI/AccessControl/UserInfo/SetUp': async (t, { json }) => {
    const u = json()?.UserInfo as HikUser | undefined;
    if (!u || typeof u.employeeNo !== 'string' || !/^[A-Za-z0-9]{1,32}$/.test(u.employeeNo))
      return { status: 400, body: err(6, 'Invalid Content', 'employeeNoError') };
    if (t.fault() === 'duplicateEmployee')
      return { status: 400, body: err(6, 'Invalid Content', 'employeeNoAlreadyExist', 'employeeNo already exists') };
    t.state.users.set(u.employeeNo, { ...u, name: String(u.name ?? '').slice(0, 32) });
    return { status: 200, body: OK };
  },
  'PUT /ISAPI/AccessControl/UserInfo/Delete': async (t, { json }) => {
    const list = (json()?.UserInfoDelCond as { EmployeeNoList?: { employeeNo: string }[] } | undefined)?.EmployeeNoList;
    if (!Array.isArray(list)) return { status: 400, body: BAD_JSON };
    for (const e of list) {
      t.state.users.delete(e.employeeNo);
      t.state.faces.delete(e.employeeNo);
      for (const [no, c] of t.state.cards) if (c.employeeNo === e.employeeNo) t.state.cards.delete(no);
    }
    return { status: 200, body: OK };
  },
  'PUT /ISAPI/AccessControl/CardInfo/SetUp': async (t, { json }) => {
    const c = json()?.CardInfo as { employeeNo?: string; cardNo?: string; cardType?: string } | undefined;
    if (!c?.cardNo || !c.employeeNo) return { status: 400, body: BAD_JSON };
    if (!t.state.users.has(c.employeeNo)) return { status: 400, body: err(6, 'Invalid Content', 'employeeNoNotExist') };
    t.state.cards.set(c.cardNo, { employeeNo: c.employeeNo, cardNo: c.cardNo, cardType: c.cardType ?? 'normalCard' });
    return { status: 200, body: OK };
  },
  'PUT /ISAPI/AccessControl/CardInfo/Delete': async (t, { json }) => {
    const list = (json()?.CardInfoDelCond as { CardNoList?: { cardNo: string }[] } | undefined)?.CardNoList;
    if (!Array.isArray(list)) return { status: 400, body: BAD_JSON };
    for (const c of list) t.state.cards.delete(c.cardNo);
    return { status: 200, body: OK };
  },
  'POST /ISAPI/AccessControl/CardInfo/Search': async (t, { json }) => {
    const cond = json()?.CardInfoSearchCond as
      | { searchID?: string; CardNoList?: { cardNo: string }[]; EmployeeNoList?: { employeeNo: string }[] }
      | undefined;
    if (!cond) return { status: 400, body: BAD_JSON };
    const byCard = new Set(cond.CardNoList?.map((c) => c.cardNo));
    const byEmp = new Set(cond.EmployeeNoList?.map((e) => e.employeeNo));
    const found = [...t.state.cards.values()].filter(
      (c) => (!byCard.size || byCard.has(c.cardNo)) && (!byEmp.size || byEmp.has(c.employeeNo)),
    );
    return {
      status: 200,
      body: {
        CardInfoSearch: {
          searchID: cond.searchID ?? '1',
          responseStatusStrg: found.length ? 'OK' : 'NO MATCH',
          numOfMatches: found.length,
          totalMatches: found.length,
          ...(found.length ? { CardInfo: found } : {}),
        },
      },
    };
  },
};
