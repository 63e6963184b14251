import { ROUTES } from '@gatehouse/contracts';
import { Answer, doneAnswer, idsDeletedAnswer } from '../../http/errors.ts';
import { handle, type Registered, repliedBy } from '../../http/route.ts';
import { readProgress } from '../../xlsx/import-progress.ts';
import { importAnswer } from '../../xlsx/import-runner.ts';
import { regNoAvailable } from './checks.ts';
import { countryList } from './countries.ts';
import { clouduserDevices, devicesForClouduser } from './devices.ts';
import { accountTemplate, importAccounts } from './import.ts';
import { engineers } from './lookups.ts';
import { managerByRegno, transferAccount } from './migrate.ts';
import { allMenus, perMenu, updateUserMenu } from './permissions.ts';
import * as profile from './profile.ts';
import { accountDetail, accountsByResident, searchAccounts, searchAccountsForPerm } from './queries.ts';
import { batchDelete, createAccount, updateAccount } from './service.ts';

const A = ROUTES.account;

export const accountHandlers: Registered[] = [
  handle(A.showUser, async (_input, ctx) => profile.showUser(ctx)),
  handle(A.updateBaseInfo, async (input, ctx) => doneAnswer(profile.updateBaseInfo(ctx, input), 'base.updated')),
  handle(A.updatePwd, async (input, ctx) => doneAnswer(profile.updatePwd(ctx, input), 'pwd.changed')),
  handle(A.getMessagePush, async (_input, ctx) => ({ count: await profile.messagePushCount(ctx) })),
  handle(A.getEngineers, async (_input, ctx) => engineers(ctx)),

  handle(A.searchAccounts, async (input, ctx) => searchAccounts(ctx, input)),
  handle(A.searchAccountsForPerm, async (input, ctx) => searchAccountsForPerm(ctx, input)),
  handle(A.getUser, async (input, ctx) => accountDetail(ctx, input.id)),
  handle(A.checkUserProperties, async (input, ctx) => ({
    available: await regNoAvailable(ctx.db, input.regNo, input.roleID, input.userid),
  })),
  handle(A.getCountries, async () => countryList()),
  handle(A.getAllMenu, async (_input, ctx) => allMenus(ctx)),
  handle(A.getPerMenu, async (input, ctx) => perMenu(ctx, input.userId)),
  handle(A.searchAccountsByResidentId, async (input, ctx) => accountsByResident(ctx, input.addressId)),
  handle(A.getDevicesForClouduser, async (input, ctx) => devicesForClouduser(ctx, input.deviceName)),
  handle(A.getClouduserDevices, async (input, ctx) => clouduserDevices(ctx, input.userId)),
  handle(A.create, async (input, ctx) => new Answer(200, await createAccount(ctx, input), ['ok.created'])),
  handle(A.updateAccount, async (input, ctx) => new Answer(200, await updateAccount(ctx, input), ['ok.updated'])),
  handle(A.batchDel, async (input, ctx) => idsDeletedAnswer(batchDelete(ctx, input.ids), input.ids)),
  handle(
    A.updateUserMenu,
    async (input, ctx) => new Answer(200, await updateUserMenu(ctx, input.userId, input.menuIds), ['ok.configured']),
  ),
  handle(A.accountTemplate, async (_input, ctx, { reply }) => repliedBy(accountTemplate(ctx, reply))),
  handle(A.uploadAccountFile, async (input, ctx, { files }) =>
    importAnswer(await importAccounts(ctx, input.communityID, files, input.importId)),
  ),
  handle(A.getImportProgress, (input, ctx) => readProgress(ctx.db, ctx.caller.accountId, input.importId)),
  handle(A.uploadAccounts, async (input, ctx, { files }) =>
    importAnswer(await importAccounts(ctx, input.communityID, files, input.importId)),
  ),
  handle(A.transferAccount, async (input, ctx) => doneAnswer(transferAccount(ctx, input), 'migrate.done')),
  handle(A.getManagerByRegno, async (input, ctx) => managerByRegno(ctx, input.regNo)),
];
