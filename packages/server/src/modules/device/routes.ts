import { ROUTES } from '@gatehouse/contracts';
import { Answer, idsDeletedAnswer } from '../../http/errors.ts';
import { handle, type Registered, repliedBy } from '../../http/route.ts';
import { importAnswer } from '../../xlsx/import-runner.ts';
import { changeSerial, issueSecret, resync } from './replace.ts';
import * as list from './list.ts';
import { exportDevices } from './list-xlsx.ts';
import * as pool from './pool.ts';
import { exportPool, importPool, poolTemplate } from './pool-xlsx.ts';
import { createQrcode, qrDevicesPage, qrGroups } from './qrcode.ts';

const P = ROUTES.pool;
const D = ROUTES.device;
const Q = ROUTES.qrcode;

/** Device pool, device list and QR-code devices (001 §2, §7 "Devices"). */
export const deviceHandlers: Registered[] = [
  handle(P.getPoolPage, async (input, ctx) => pool.poolPage(ctx, input)),
  handle(P.getPoolById, async (input, ctx) => pool.poolById(ctx, input.id)),
  handle(P.addPool, async (input, ctx) => new Answer(200, await pool.addPool(ctx, input), ['ok.created'])),
  handle(P.updatePool, async (input, ctx) => new Answer(200, await pool.updatePool(ctx, input), ['ok.updated'])),
  handle(P.delPool, async (input, ctx) => idsDeletedAnswer(pool.delPool(ctx, input.ids), input.ids)),
  handle(P.importPool, async (_input, ctx, { files }) => importAnswer(await importPool(ctx, files))),
  handle(P.exportPool, async (input, ctx, { reply }) => repliedBy(exportPool(ctx, input, reply))),
  handle(P.poolTemplate, async (_input, ctx, { reply }) => repliedBy(poolTemplate(ctx, reply))),

  handle(D.getDevicesPage, async (input, ctx) => list.devicesPage(ctx, input)),
  handle(D.getDeviceById, async (input, ctx) => list.deviceById(ctx, input.addressid)),
  handle(D.insertDevice, async (input, ctx) => new Answer(200, await list.insertDevice(ctx, input), ['ok.created'])),
  handle(D.updateDevice, async (input, ctx) => new Answer(200, await list.updateDevice(ctx, input), ['ok.updated'])),
  handle(D.delDevices, async (input, ctx) => idsDeletedAnswer(list.delDevices(ctx, input.ids), input.ids)),
  handle(D.changeSerial, async (input, ctx) => new Answer(200, await changeSerial(ctx, input), ['device.replaced'])),
  handle(D.resetSecret, async (input, ctx) => new Answer(200, await issueSecret(ctx, input.addressid), ['device.secretIssued'])),
  handle(D.exportDevices, async (input, ctx, { reply }) => repliedBy(exportDevices(ctx, input, reply))),
  handle(D.getCompanyByRegNo, async (input, ctx) => list.companyByRegNo(ctx, input.regNo)),
  handle(D.resync, async (input, ctx) => {
    const out = await resync(ctx, input.addressid);
    return new Answer(200, out, [`device.resynced::${JSON.stringify(out)}`]);
  }),

  handle(Q.getQrDevicesPage, async (input, ctx) => qrDevicesPage(ctx, input)),
  handle(Q.createQrcode, async (input, ctx) => new Answer(200, await createQrcode(ctx, input), ['qr.created'])),
  handle(Q.getQrGroups, async (input, ctx) => qrGroups(ctx, input)),
];
