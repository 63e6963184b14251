import { ROUTES } from '@gatehouse/contracts';
import { Answer, idsDeletedAnswer } from '../../http/errors.ts';
import { handle, type Registered, repliedBy } from '../../http/route.ts';
import { importAnswer } from '../../xlsx/import-runner.ts';
import { amtById, amtPage, createAmt, deleteAmts, updateAmt } from './amt.ts';
import { amtTemplate, importAmts } from './amt-import.ts';
import { addressTemplate, importAddresses } from './import.ts';
import { activeDeviceOf, addressesByCommunity, addressOptions, calledAddresses, searchResidents } from './lookups.ts';
import { addressById, addressPage } from './queries.ts';
import { activeDevice, createAddress, deleteAddresses, updateAddress } from './service.ts';

const AD = ROUTES.address;

export const addressHandlers: Registered[] = [
  handle(AD.searchResidents, async (input, ctx) => searchResidents(ctx, input.communityID, input.address)),
  handle(AD.getAddressesPage, async (input, ctx) => addressPage(ctx, input)),
  handle(AD.getAddressByCommId, async (input, ctx) => addressesByCommunity(ctx, input)),
  handle(AD.getAddressByAddressId, async (input, ctx) => addressById(ctx, input.id)),
  handle(AD.getAddressesByComm, async (input, ctx) => addressOptions(ctx, input)),
  handle(AD.getActiveDevice, async (input, ctx) => activeDeviceOf(ctx, input.addressId)),
  handle(AD.searchCalledAddrs, async (input, ctx) => calledAddresses(ctx, input.communityId, input.calledCode)),
  handle(AD.getAmts, async (input, ctx) => amtPage(ctx, input)),
  handle(AD.getAmtData, async (input, ctx) => amtById(ctx, input.amtId)),
  handle(AD.create, async (input, ctx) => new Answer(200, await createAddress(ctx, input), ['ok.created'])),
  handle(AD.updateAddr, async (input, ctx) => new Answer(200, await updateAddress(ctx, input), ['ok.updated'])),
  handle(AD.batchDelAddr, async (input, ctx) => idsDeletedAnswer(deleteAddresses(ctx, input.ids), input.ids)),
  handle(AD.activeDevice, async (input, ctx) => new Answer(200, await activeDevice(ctx, input), ['addr.activated'])),
  handle(AD.createAmt, async (input, ctx) => new Answer(200, await createAmt(ctx, input), ['ok.created'])),
  handle(AD.updateAmt, async (input, ctx) => new Answer(200, await updateAmt(ctx, input), ['ok.updated'])),
  handle(AD.delAmtBatch, async (input, ctx) => idsDeletedAnswer(deleteAmts(ctx, input.ids), input.ids)),
  handle(AD.uploadAddrsFile, async (input, ctx, { files }) => importAnswer(await importAddresses(ctx, input.communityID, files[0]))),
  handle(AD.uploadAMTFile, async (input, ctx, { files }) =>
    importAnswer(await importAmts(ctx, input.communityID, input.addressId, files[0])),
  ),
  handle(AD.addrsTemplate, async (_input, ctx, { reply }) => repliedBy(addressTemplate(ctx, reply))),
  handle(AD.amtTemplate, async (_input, ctx, { reply }) => repliedBy(amtTemplate(ctx, reply))),
];
