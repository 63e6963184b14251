import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import type { RoleId } from '@gatehouse/contracts';
import { insertAccount } from '../../packages/server/src/modules/account/insert.ts';
import { openSession } from '../../packages/server/src/http/auth.ts';
import type { Services } from '../../packages/server/src/http/context.ts';
import { runFanOuts } from '../../packages/server/src/modules/rules/fanout.ts';

async function body(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
}

/**
 * Test-only seeding: POST /account, /community, /address, /token, /menus, /accessEvent, /usageEvent,
 * /groupCards, /runFanOuts, /failedCommand;
 * GET /outbox?phone=. Areas add what their browser tests need.
 */
export async function handleControl(s: Services, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://x');
  const send = (v: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(v));
  };
  const b = req.method === 'POST' ? await body(req) : {};
  switch (url.pathname) {
    case '/account': {
      const id = await insertAccount(s.db, {
        regNo: String(b.regNo),
        name: String(b.name ?? 'E2E'),
        password: String(b.password ?? 'Test1234'),
        roleId: Number(b.roleId) as RoleId,
        state: b.state === undefined ? 1 : Number(b.state),
        communityId: b.communityId ? Number(b.communityId) : null,
        addressId: b.addressId ? Number(b.addressId) : null,
      });
      for (const c of (b.manages as number[] | undefined) ?? []) {
        await s.db.insertInto('account_community').values({ account_id: id, community_id: c }).execute();
      }
      return send({ id });
    }
    case '/community': {
      const row = await s.db
        .insertInto('community')
        .values({
          name: String(b.name),
          location: String(b.location ?? '广东省/深圳市/南山区'),
          address: String(b.address ?? 'Road 1'),
          ip: null,
          type: Number(b.type ?? 0),
          reg_no: (b.regNo as string | undefined) ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return send({ id: row.id });
    }
    case '/address': {
      const row = await s.db
        .insertInto('address')
        .values({
          community_id: Number(b.communityId),
          address: String(b.address),
          name: String(b.name ?? b.address),
          type: Number(b.type ?? 1),
          is_villa: Number(b.isVilla ?? 0),
          hardware: Number(b.hardware ?? 0),
          devstate: 0,
          reg_no: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return send({ id: row.id });
    }
    case '/token': {
      const acc = await s.db.selectFrom('account').select(['role_id']).where('id', '=', Number(b.accountId)).executeTakeFirstOrThrow();
      const token = await openSession(s.db, {
        accountId: Number(b.accountId),
        roleId: acc.role_id,
        lang: String(b.lang ?? 'zh-CN'),
        ip: '127.0.0.1',
      });
      return send({ token });
    }
    case '/menus': {
      await s.db.deleteFrom('account_menu').where('account_id', '=', Number(b.accountId)).execute();
      const ids = (b.menuIds as number[]) ?? [];
      if (ids.length)
        await s.db
          .insertInto('account_menu')
          .values(ids.map((m) => ({ account_id: Number(b.accountId), menu_id: m })))
          .execute();
      return send({ ok: true });
    }
    case '/revokeCommunity': {
      await s.db
        .deleteFrom('account_community')
        .where('account_id', '=', Number(b.accountId))
        .where('community_id', '=', Number(b.communityId))
        .execute();
      return send({ ok: true });
    }
    case '/message': {
      const rel = `files/imports/e2e-${Date.now()}.xlsx`;
      fs.mkdirSync(path.join(s.config.dataDir, 'files/imports'), { recursive: true });
      fs.writeFileSync(path.join(s.config.dataDir, rel), String(b.fileText ?? 'e2e'));
      const file = await s.db
        .insertInto('stored_file')
        .values({
          kind: 'import',
          path: rel,
          mime: 'application/octet-stream',
          size: 3,
          original_name: String(b.fileName ?? 'source.xlsx'),
          community_id: Number(b.communityId),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await s.db
        .insertInto('message')
        .values({
          title: String(b.title),
          content: String(b.content ?? ''),
          type: Number(b.type ?? 0),
          community_id: Number(b.communityId),
          creator_id: null,
          file_id: file.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return send({ id: row.id });
    }
    case '/accessEvent': {
      const row = await s.db
        .insertInto('access_event')
        .values({
          device_id: null,
          eid: `e2e-${Date.now()}-${Math.random()}`,
          address_id: b.addressId ? Number(b.addressId) : null,
          community_id: Number(b.communityId),
          device_name: String(b.deviceName ?? ''),
          time: new Date(String(b.time ?? new Date().toISOString())),
          type: Number(b.type ?? 1),
          result: Number(b.result ?? 0),
          account: String(b.account ?? ''),
          unlock_user_name: String(b.userName ?? ''),
          card_num: String(b.cardNum ?? ''),
          card_mode: Number(b.cardMode ?? 0),
          qr_id: null,
          is_work: b.isWork === true, // punches (attendance)
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return send({ id: Number(row.id) });
    }
    case '/usageEvent': {
      const times = (b.times as string[] | undefined) ?? [new Date().toISOString()];
      await s.db
        .insertInto('usage_event')
        .values(
          times.map((time, i) => ({
            device_id: null,
            eid: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}-${i}`,
            address_id: null,
            community_id: Number(b.communityId),
            kind: b.kind === 'monitor' ? 2 : 1,
            account: '',
            call_code: '',
            answered: b.answered === true,
            duration_sec: 0,
            time,
          })),
        )
        .execute();
      return send({ ok: true });
    }
    case '/groupCards': {
      // `count` cards of a household given an access group, straight into the tables (a big group's members).
      const rows = Array.from({ length: Number(b.count) }, (_, i) => ({
        card_no: `G${String(b.groupId)}x${i + 1}`,
        community_id: Number(b.communityId),
        address_id: Number(b.addressId),
        account: '13800005555',
        card_type: 'accesscard',
        card_mode: 'ic',
      }));
      const cards = await s.db.insertInto('card').values(rows).returning('id').execute();
      await s.db
        .insertInto('access_group_card')
        .values(cards.map((c) => ({ group_id: Number(b.groupId), card_id: c.id })))
        .execute();
      return send({ ok: true });
    }
    case '/failedCommand': {
      // A door unit whose commands were all answered but one, which it refused with `info` (its own words).
      const device = await s.db
        .selectFrom('device')
        .select(['id', 'community_id'])
        .where('address_id', '=', Number(b.addressId))
        .executeTakeFirstOrThrow();
      await s.db.updateTable('command').set({ status: 2 }).where('device_id', '=', device.id).execute();
      await s.db
        .insertInto('command')
        .values({
          device_id: device.id,
          address_id: Number(b.addressId),
          community_id: device.community_id,
          subject: 'E2E',
          account: '13800004444',
          type: 0,
          kind: 'card.put',
          object_key: 'card:E2EFAIL',
          payload: JSON.stringify({ cardId: 'E2EFAIL', account: '13800004444' }),
          status: 3,
          info: String(b.info),
        })
        .execute();
      return send({ ok: true });
    }
    case '/runFanOuts': {
      // The server's own poll is off in the browser tests (GROUP_FANOUT_POLL_MS=0): the test says when the work runs.
      await runFanOuts(s);
      return send({ ok: true });
    }
    case '/outbox': {
      const file = path.join(s.config.dataDir, 'sms-outbox.log');
      const phone = url.searchParams.get('phone');
      const lines = fs.existsSync(file)
        ? fs
            .readFileSync(file, 'utf8')
            .trim()
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as { phone: string; code: string })
        : [];
      return send({ code: lines.filter((l) => l.phone === phone).pop()?.code ?? null });
    }
    default:
      res.writeHead(404);
      res.end();
  }
}
