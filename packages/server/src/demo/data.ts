import { ADDRESS_TYPE, HARDWARE, type MenuKey, menuByKey, type RoleId } from '@gatehouse/contracts';
import type { Db } from '../db/index.ts';
import { insertAccount } from '../modules/account/insert.ts';
import { seedDemoCards } from '../modules/card/demo.ts';
import { seedDemoFaces } from '../modules/face/demo.ts';
import { seedTerminalDoors } from './terminals.ts';

/** The demo's cards issued months ago (card number, days ago) that stay unused: the demo units never present them. */
export const DEMO_UNUSED_CARDS = [
  ['10000002', 200],
  ['10000004', 120],
] as const;

export interface DemoAccount {
  regNo: string;
  password: string;
  roleId: RoleId;
  name: string;
}

const DEMO_PASSWORD = 'Demo1234';
/**
 * Menus the demo supervisor holds beyond the role's defaults (a property supervisor may
 * be granted them in /permission), so that one account walks every screen the demo fills.
 */
const SUPERVISOR_EXTRA_MENUS: MenuKey[] = ['operationlog', 'project.project', 'access.visitorcode'];

/**
 * Demo data on an empty database: three communities (one an enterprise), their
 * door units and households, one account of each role, a few cards (two of them issued
 * months ago and never used) and faces (photos under dataDir). Answers the accounts.
 */
export async function seedDemo(db: Db, dataDir: string): Promise<DemoAccount[]> {
  const has = await db.selectFrom('community').select('id').limit(1).executeTakeFirst();
  if (has) return [];
  const communities = [
    { name: '翠湖花园', location: '广东省/深圳市/南山区', address: '科技园南路88号', type: 0, reg_no: null },
    { name: '明珠大厦', location: '上海市/上海市/浦东新区', address: '世纪大道100号', type: 0, reg_no: null },
    { name: '星河科技有限公司', location: '北京市/北京市/海淀区', address: '中关村大街1号', type: 1, reg_no: '13900000010' },
  ];
  const ids: number[] = [];
  for (const c of communities) {
    const row = await db
      .insertInto('community')
      .values({ ...c, ip: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  const allHw = HARDWARE.face | HARDWARE.qrcode | HARDWARE.card | HARDWARE.password;
  const households: number[] = [];
  for (const [i, communityId] of ids.entries()) {
    for (const b of [1, 2]) {
      await db
        .insertInto('address')
        .values({
          community_id: communityId,
          address: `${b}栋大门`,
          name: `${b}栋门口机`,
          type: ADDRESS_TYPE.doorUnit,
          is_villa: 0,
          hardware: allHw,
          devstate: 0,
          reg_no: null,
        })
        .execute();
      for (const room of [101, 102]) {
        const h = await db
          .insertInto('address')
          .values({
            community_id: communityId,
            address: `${b}栋${room}`,
            name: `${b}-${room}`,
            type: ADDRESS_TYPE.householder,
            is_villa: 0,
            hardware: 0,
            devstate: 0,
            reg_no: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (i === 0) households.push(h.id);
      }
    }
    await db
      .insertInto('address')
      .values({
        community_id: communityId,
        address: '管理中心',
        name: '管理中心',
        type: ADDRESS_TYPE.managementCentre,
        is_villa: 0,
        hardware: 0,
        devstate: 0,
        reg_no: null,
      })
      .execute();
  }
  const [c1, c2, ent] = ids as [number, number, number];
  // The Hikvision and ZKTeco terminals' doors (terminals.ts): after the MQTT units' doors, so the history's "both door units" stay those.
  await seedTerminalDoors(db, c1);
  const accounts: (DemoAccount & {
    communityId?: number;
    addressId?: number;
    manages?: number[];
    engineerOf?: number[];
    menus?: MenuKey[];
  })[] = [
    { regNo: '13900000002', name: '工程主管', roleId: 2, password: DEMO_PASSWORD, engineerOf: [c1, c2] },
    { regNo: '13900000003', name: '工程人员', roleId: 3, password: DEMO_PASSWORD, engineerOf: [c1] },
    { regNo: '13900000004', name: '物业主管', roleId: 4, password: DEMO_PASSWORD, manages: [c1, c2], menus: SUPERVISOR_EXTRA_MENUS },
    { regNo: '13900000005', name: '物业人员', roleId: 5, password: DEMO_PASSWORD, manages: [c1] },
    { regNo: '13900000007', name: '张三', roleId: 7, password: DEMO_PASSWORD, communityId: c1, addressId: households[0] },
    { regNo: '13900000010', name: '星河科技', roleId: 10, password: DEMO_PASSWORD, communityId: ent },
    { regNo: '13900000008', name: '门口机账号', roleId: 8, password: DEMO_PASSWORD, communityId: c1 },
    { regNo: '13900000009', name: '其他账号', roleId: 9, password: DEMO_PASSWORD, communityId: c1 },
    { regNo: '13900000011', name: '李四', roleId: 11, password: DEMO_PASSWORD, communityId: ent },
  ];
  for (const a of accounts) {
    const id = await insertAccount(db, { ...a, communityId: a.communityId, addressId: a.addressId });
    for (const c of a.manages ?? []) await db.insertInto('account_community').values({ account_id: id, community_id: c }).execute();
    for (const c of a.engineerOf ?? []) await db.insertInto('community_engineer').values({ account_id: id, community_id: c }).execute();
    for (const m of a.menus ?? [])
      await db
        .insertInto('account_menu')
        .values({ account_id: id, menu_id: menuByKey(m).id })
        .execute();
  }
  await seedDemoCards(db, c1, { account: '13900000007', name: '张三' });
  // Two cards issued months ago and never used since: the access review's "Unused" tab lists them.
  for (const [cardNo, days] of DEMO_UNUSED_CARDS)
    await db
      .updateTable('card')
      .set({ created_at: new Date(Date.now() - days * 86_400_000) })
      .where('community_id', '=', c1)
      .where('card_no', '=', cardNo)
      .execute();
  await seedDemoFaces(db, dataDir, c1, [
    { account: '13900000007', name: '张三' },
    { account: '13900000005', name: '物业人员' },
  ]);
  return accounts.map(({ regNo, password, roleId, name }) => ({ regNo, password, roleId, name }));
}
