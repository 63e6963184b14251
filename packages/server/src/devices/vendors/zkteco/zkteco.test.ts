import http from 'node:http';
import { CMD_KIND, CMD_STATUS, type CmdKind } from '@gatehouse/contracts';
import { startZkEmulator, type ZkEmulator } from '@gatehouse/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCommands } from '../../commands.ts';
import { command } from '../../new-command.ts';
import { bindNewDevice, newSerial, until } from '../../../test/devices.ts';
import { type TestApp, testApp } from '../../../test/harness.ts';
import { startZkServer } from '../../../test/zk.ts';

/**
 * ZKTeco PUSH terminals end to end (issue 33): the emulator speaks PUSH over real HTTP to the
 * adapter's routes; commands are queued the real way and the command, access_event and device
 * tables are read back.
 */
describe('zk-push terminals', () => {
  let t: TestApp;
  let token: string;
  let community: number;
  let zk: Awaited<ReturnType<typeof startZkServer>>;
  const emulators: ZkEmulator[] = [];

  beforeAll(async () => {
    t = await testApp({ config: { WEBHOOK_POLL_MS: 0, GROUP_FANOUT_POLL_MS: 0 } });
    ({ token } = await t.signIn({ roleId: 1 }));
    community = await t.createCommunity('Push Court');
    // The online window is 3 × Delay, as in production: a shorter one (600 ms) let a loaded machine's first
    // look at the unit come after the handshake's window had closed (the terminal polls only when told here).
    zk = await startZkServer(t.db, { delaySec: 1, onlineWindowMs: 3000, sweepMs: 50 });
  });
  afterAll(async () => {
    for (const e of emulators) await e.close();
    await zk?.close();
    await t?.close();
  });

  /** A zk-push unit bound to a door unit of the community. */
  const zkUnit = async () => {
    const unit = await bindNewDevice(t, token, community, newSerial('ZK'));
    await t.db.updateTable('device').set({ unit_kind: 'zk-push' }).where('serial', '=', unit.serial).execute();
    return unit;
  };
  // The terminal polls when the test says so (pollOnce), so a test's own transaction (queueing) never runs beside the adapter's writes.
  const start = async (serial: string, extra: Partial<Parameters<typeof startZkEmulator>[0]> = {}) => {
    const e = await startZkEmulator({ server: zk.url, serial, pollMs: 0, ...extra });
    emulators.push(e);
    return e;
  };
  const queue = async (addressId: number, kind: CmdKind, payload: unknown, key: string) => {
    await withCommands(t.services, async (_trx, q) => {
      await q.add(addressId, [command(kind as never, payload as never, { objectKey: key })]);
    });
    const row = await t.db
      .selectFrom('command')
      .select('id')
      .where('address_id', '=', addressId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const settled = async (id: number, e: ZkEmulator) => {
    await until(
      async () => {
        await e.pollOnce();
        await zk.inbound.idle();
        const c = await t.db.selectFrom('command').select('status').where('id', '=', id).executeTakeFirstOrThrow();
        return c.status >= CMD_STATUS.success;
      },
      30_000,
      `command ${id} settled`,
    );
    return t.db.selectFrom('command').select(['status', 'info']).where('id', '=', id).executeTakeFirstOrThrow();
  };
  const accessEvents = (addressId: number) =>
    t.db
      .selectFrom('access_event')
      .select(['result', 'type', 'account', 'card_num', 'eid'])
      .where('address_id', '=', addressId)
      .orderBy('time')
      .execute();

  it('a terminal hands shakes, is online and bound to its address; a card.put reaches it and is acked', async () => {
    const unit = await zkUnit();
    const e = await start(unit.serial);
    await until(
      async () => {
        await zk.inbound.idle();
        return (await t.db.selectFrom('device').select('online').where('serial', '=', unit.serial).executeTakeFirstOrThrow()).online;
      },
      5000,
      'online',
    );
    const bound = await t.db
      .selectFrom('zk_terminal')
      .innerJoin('device', 'device.id', 'zk_terminal.device_id')
      .select(['first_ip', 'push_version'])
      .where('device.serial', '=', unit.serial)
      .executeTakeFirstOrThrow();
    expect(bound.first_ip).toContain('127.0.0.1');
    expect(bound.push_version).toBe('3.1.2');

    const id = await queue(
      unit.addressid,
      CMD_KIND.cardPut,
      {
        cardId: '10203040',
        account: '13900000001',
        userName: 'Li Lei',
        validfrom: '2026-01-01T00:00:00Z',
        validto: '2099-01-01T00:00:00Z',
        status: 'enable',
      },
      'card:10203040',
    );
    expect(await settled(id, e)).toEqual({ status: CMD_STATUS.success, info: '' });
    const user = [...e.state.users.values()].find((u) => u.cardNo === '10203040');
    expect(user?.name).toBe('Li Lei');
    expect(e.state.authorize.get(user?.pin as string)).toEqual({ timezone: 1, door: 1 });

    // A swipe: one access event, granted, with the holder's account; the same line uploaded again is stored once.
    expect(await e.swipe('10203040')).toBe(0);
    expect(await e.swipe('99999999')).toBe(27);
    expect((await e.reupload()).status).toBe(200);
    await zk.inbound.idle();
    const events = await accessEvents(unit.addressid);
    expect(events.map((x) => [x.result, x.type, x.account, x.card_num])).toEqual([
      [0, 1, '13900000001', '10203040'],
      [1, 13, '', '99999999'],
    ]);

    // card.delete removes the terminal user.
    const del = await queue(unit.addressid, CMD_KIND.cardDelete, { cardId: '10203040' }, 'card:10203040');
    expect((await settled(del, e)).status).toBe(CMD_STATUS.success);
    expect([...e.state.users.values()].some((u) => u.cardNo === '10203040')).toBe(false);
  });

  it('faces, remote open, emergency modes, reset and kinds a terminal lacks', async () => {
    const unit = await zkUnit();
    const e = await start(unit.serial);
    const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex').toString('base64');
    const face = await queue(
      unit.addressid,
      CMD_KIND.facePut,
      { faceId: 7, account: '13900000002', userName: 'Han Meimei', imgBase64: jpeg, status: 'enable' },
      'face:7',
    );
    expect((await settled(face, e)).status).toBe(CMD_STATUS.success);
    const pin = [...e.state.users.values()].find((u) => u.name === 'Han Meimei')?.pin as string;
    expect(e.state.photos.get(pin)?.content).toBe(jpeg);
    expect(await e.showFace(pin)).toBe(0);

    const open = await queue(unit.addressid, CMD_KIND.doorOpen, { operator: '13800000000', operatorName: 'Guard' }, '');
    expect((await settled(open, e)).status).toBe(CMD_STATUS.success);
    expect(e.state.remoteOpens).toBe(1);

    const allOpen = await queue(
      unit.addressid,
      CMD_KIND.emergencyMode,
      { mode: 'allOpen', reason: 'fire', allow: [], since: new Date().toISOString() },
      'emergency',
    );
    expect(await settled(allOpen, e)).toEqual({ status: CMD_STATUS.success, info: 'mode:allOpen' });
    expect(e.state.door).toBe('normalOpen');
    const normal = await queue(
      unit.addressid,
      CMD_KIND.emergencyMode,
      { mode: 'normal', reason: '', allow: [], since: new Date().toISOString() },
      'emergency',
    );
    expect(await settled(normal, e)).toEqual({ status: CMD_STATUS.success, info: 'mode:normal' });
    expect(e.state.door).toBe('closed');

    const qr = await queue(unit.addressid, CMD_KIND.qrRevoke, { id: 1, until: 2_000_000_000 }, 'qr:1');
    expect(await settled(qr, e)).toEqual({ status: CMD_STATUS.success, info: 'unsupported: visitor QR codes' });

    const reset = await queue(unit.addressid, CMD_KIND.reset, {}, 'reset');
    expect((await settled(reset, e)).status).toBe(CMD_STATUS.success);
    expect(e.state.users.size).toBe(0);
    expect(e.state.photos.size).toBe(0);
    await zk.inbound.idle();
    const events = await accessEvents(unit.addressid);
    expect(events.map((x) => [x.result, x.type, x.account])).toEqual([
      [0, 5, '13900000002'],
      [0, 3, ''],
    ]);
  });

  it('a Return code fails the command with its meaning, and nothing else', async () => {
    const unit = await zkUnit();
    const e = await start(unit.serial, { failWith: { match: /^DATA UPDATE user /, code: -1001 } });
    const put = await queue(unit.addressid, CMD_KIND.cardPut, { cardId: '555', account: '13900000003' }, 'card:555');
    const open = await queue(unit.addressid, CMD_KIND.doorOpen, { operator: '13800000000', operatorName: 'Guard' }, '');
    expect(await settled(put, e)).toEqual({ status: CMD_STATUS.failed, info: 'ZKTeco -1001: capacity limit reached' });
    expect((await settled(open, e)).status).toBe(CMD_STATUS.success);
    expect(e.state.users.size).toBe(0);
  });

  it('an unknown serial is refused, logged once a minute, and creates nothing', async () => {
    const before = await t.db
      .selectFrom('device')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const serial = newSerial('ZZ');
    for (const path of ['getrequest', 'cdata?options=all&pushver=3.1.2&x=1', 'getrequest']) {
      const r = await fetch(`${zk.url}/iclock/${path.startsWith('cdata') ? path.replace('?', `?SN=${serial}&`) : `${path}?SN=${serial}`}`);
      expect([r.status, await r.text()]).toEqual([403, 'ERROR']);
    }
    await expect(startZkEmulator({ server: zk.url, serial })).rejects.toThrow(/refused \(403\)/);
    // A gatehouse-mqtt unit's serial is not a PUSH terminal either.
    const mqttUnit = await bindNewDevice(t, token, community);
    expect((await fetch(`${zk.url}/iclock/getrequest?SN=${mqttUnit.serial}`)).status).toBe(403);
    const after = await t.db
      .selectFrom('device')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
    expect(zk.logs.filter((l) => l.reason === 'unknown' && l.serial === serial)).toHaveLength(1);
    expect(
      await t.db
        .selectFrom('zk_terminal')
        .innerJoin('device', 'device.id', 'zk_terminal.device_id')
        .select('serial')
        .where('serial', '=', serial)
        .execute(),
    ).toEqual([]);
  });

  it('malformed lines and huge bodies are refused with the error answer, logged, and nothing is stored', async () => {
    const unit = await zkUnit();
    const e = await start(unit.serial, { pollMs: 0 });
    const good = 'time=2026-11-28 08:00:00\tpin=0\tcardno=1\teventaddr=1\tevent=27\tinoutstatus=0\tverifytype=4\tindex=1';
    const bad = await e.post('rtlog', `${good}\nthis is not a record\n`);
    expect([bad.status, await bad.text()]).toEqual([400, 'ERROR']);
    const huge = await e.post('rtlog', `${good}\n`.repeat(Math.ceil((2 * 1024 * 1024) / good.length)));
    expect([huge.status, await huge.text()]).toEqual([413, 'ERROR']);
    const results = await fetch(`${zk.url}/iclock/devicecmd?SN=${unit.serial}`, { method: 'POST', body: 'ID=abc&Return=x\n' });
    expect(results.status).toBe(400);
    await zk.inbound.idle();
    expect(await accessEvents(unit.addressid)).toEqual([]);
    expect(zk.logs.filter((l) => l.serial === unit.serial).map((l) => l.reason)).toEqual(['malformed', 'too-large']);
  });

  it('a second terminal with the same serial from another address is refused while the first is online, and takes over once it is offline', async () => {
    const unit = await zkUnit();
    const e = await start(unit.serial);
    const fromElsewhere = () =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: zk.port, path: `/iclock/getrequest?SN=${unit.serial}`, localAddress: '127.0.0.2' },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
    await until(
      async () =>
        (await t.db
          .selectFrom('zk_terminal')
          .select('last_poll_at')
          .where(
            'device_id',
            '=',
            (
              await t.db.selectFrom('device').select('id').where('serial', '=', unit.serial).executeTakeFirstOrThrow()
            ).id,
          )
          .executeTakeFirst()) !== undefined,
      5000,
      'bound',
    );
    expect(await fromElsewhere()).toBe(409);
    expect(zk.logs.some((l) => l.reason === 'second-terminal' && l.serial === unit.serial)).toBe(true);
    // The first terminal stops polling: offline after the online window; the other address may bind then.
    await e.close();
    await until(
      async () => {
        await zk.inbound.idle();
        return !(await t.db.selectFrom('device').select('online').where('serial', '=', unit.serial).executeTakeFirstOrThrow()).online;
      },
      15_000,
      'offline',
    );
    expect(await fromElsewhere()).toBe(200);
    const row = await t.db
      .selectFrom('zk_terminal')
      .innerJoin('device', 'device.id', 'zk_terminal.device_id')
      .select(['first_ip', 'last_ip'])
      .where('device.serial', '=', unit.serial)
      .executeTakeFirstOrThrow();
    expect([row.first_ip.endsWith('127.0.0.1'), row.last_ip.endsWith('127.0.0.2')]).toEqual([true, true]);
  });
});
