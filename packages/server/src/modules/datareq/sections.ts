import { roleNameKey } from '@gatehouse/contracts';
import { type ReferenceExpression, type SelectQueryBuilder, sql } from 'kysely';
import QRCode from 'qrcode';
import { type Cursor, keysetPage, keysetRows } from '../../db/keyset.ts';
import { anyInt, countRows, escapeLike } from '../../db/sql.ts';
import { t } from '../../http/i18n.ts';
import { withinScope } from '../../http/scope.ts';
import { readPhoto } from '../face/photos.ts';
import { anyPhone, householdIds } from './person.ts';
import { consentSection } from './consent-section.ts';
import { type Cell, cols, date, type ExportSection, readAll, type SectionCtx } from './section.ts';

/**
 * The person's own rows of `q` in their scope: those of their household when they are one, else those
 * of their account (`at` names the query's address, account and community columns).
 */
function theirs<DB, TB extends keyof DB, O>(
  c: SectionCtx,
  q: SelectQueryBuilder<DB, TB, O>,
  at: { address: string; account: string; community: ReferenceExpression<DB, TB> },
) {
  const p = c.person;
  const own =
    p.addressId !== null ? sql<boolean>`${sql.ref(at.address)} = ${p.addressId}` : sql<boolean>`${sql.ref(at.account)} = ${p.text}`;
  return withinScope(q.where(own), p.scope, at.community);
}

function accounts(c: SectionCtx) {
  const q = c.db
    .selectFrom('account as a')
    .leftJoin('community as cm', 'cm.id', 'a.community_id')
    .leftJoin('address as ad', 'ad.id', 'a.address_id');
  return theirs(c, q, { address: 'a.address_id', account: 'a.reg_no', community: 'a.community_id' });
}

async function households(c: SectionCtx) {
  const ids = await householdIds(c.db, c.person);
  return withinScope(
    c.db.selectFrom('address as ad').innerJoin('community as cm', 'cm.id', 'ad.community_id').where('ad.id', '=', anyInt(ids)),
    c.person.scope,
    'ad.community_id',
  );
}

function cards(c: SectionCtx) {
  const q = c.db
    .selectFrom('card')
    .innerJoin('community as cm', 'cm.id', 'card.community_id')
    .leftJoin('address as ad', 'ad.id', 'card.address_id');
  return theirs(c, q, { address: 'card.address_id', account: 'card.account', community: 'card.community_id' });
}

function faces(c: SectionCtx) {
  const q = c.db
    .selectFrom('face')
    .innerJoin('community as cm', 'cm.id', 'face.community_id')
    .leftJoin('address as ad', 'ad.id', 'face.address_id');
  return theirs(c, q, { address: 'face.address_id', account: 'face.account', community: 'face.community_id' });
}

const passes = (c: SectionCtx) =>
  withinScope(c.db.selectFrom('visitor_qrcode as v').where('v.user_regno', '=', anyPhone(c.person)), c.person.scope, 'v.community_id');

/**
 * A person's access events (punches: `work`), one phone after the other, each in (time, id) order by
 * keyset through the (account, time) indexes of access_event: the rows stream in batches.
 */
function events(c: SectionCtx, work: boolean) {
  const base = (phone: string) =>
    withinScope(
      c.db
        .selectFrom('access_event as e')
        .select(['e.id', 'e.time', 'e.device_name', 'e.type', 'e.result', 'e.card_num', 'e.unlock_user_name', 'e.account'])
        .where('e.account', '=', phone)
        .where('e.is_work', '=', work),
      c.person.scope,
      'e.community_id',
    );
  return {
    async count() {
      let n = 0;
      for (const phone of c.person.phones) n += await countRows(base(phone));
      return n;
    },
    async *rows(): AsyncIterable<Cell[]> {
      for (const phone of c.person.phones) {
        const batch = (after: Cursor | null, limit: number) => keysetPage(base(phone), { sort: 'e.time', id: 'e.id' }, false, after, limit);
        for await (const r of keysetRows(c.db, batch, { sort: 'time', id: 'id' }))
          yield [Number(r.id), date(c, r.time), r.device_name, r.type, r.result, r.card_num, r.unlock_user_name, r.account];
      }
    },
  };
}

/** Operation-log entries about the person: made by their account, or naming their phone or household in the entry. */
function opLog(c: SectionCtx) {
  const p = c.person;
  const texts = [...p.phones, ...(p.addressId !== null ? [p.text] : [])].map((x) => `%${escapeLike(x)}%`);
  return c.db
    .selectFrom('op_log as o')
    .where((eb) => eb.or([eb('o.regno', '=', anyPhone(p)), ...texts.map((x) => eb('o.content', 'like', x))]))
    .$call((q) => (p.scope.all ? q : q.where('o.community_id', '=', anyInt(p.scope.ids))));
}

const EVENT_COLUMNS = [
  'datareq.col.id',
  'datareq.col.time',
  'datareq.col.doorUnit',
  'datareq.col.openType',
  'datareq.col.result',
  'datareq.col.cardNo',
  'datareq.col.name',
  'datareq.col.account',
] as const;

/** The parts of a person's export, in the order of the zip. Add a kind of personal data here. */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
  {
    name: 'account',
    title: 'datareq.section.account',
    columns: cols('id', 'account', 'name', 'role', 'state', 'community', 'address', 'created'),
    ...readAll(
      accounts,
      (q) =>
        q
          .select(['a.id', 'a.reg_no', 'a.name', 'a.role_id', 'a.state', 'cm.name as community', 'ad.address', 'a.reg_time'])
          .orderBy('a.id')
          .execute(),
      (r, c) => [
        r.id,
        r.reg_no,
        r.name,
        t(c.lang, roleNameKey(r.role_id)),
        r.state,
        r.community ?? '',
        r.address ?? '',
        date(c, r.reg_time),
      ],
    ),
  },
  {
    name: 'households',
    title: 'datareq.section.households',
    columns: cols('id', 'community', 'address', 'name', 'created'),
    ...readAll(
      households,
      (q) => q.select(['ad.id', 'cm.name as community', 'ad.address', 'ad.name', 'ad.created_at']).orderBy('ad.id').execute(),
      (r, c) => [r.id, r.community, r.address, r.name, date(c, r.created_at)],
    ),
  },
  {
    name: 'cards',
    title: 'datareq.section.cards',
    columns: cols('id', 'cardNo', 'cardType', 'account', 'name', 'status', 'community', 'address', 'created'),
    ...readAll(
      cards,
      (q) =>
        q
          .select([
            'card.id',
            'card.card_no',
            'card.card_type',
            'card.account',
            'card.user_name',
            'card.status',
            'cm.name as community',
            'ad.address',
            'card.created_at',
          ])
          .orderBy('card.id')
          .execute(),
      (r, c) => [r.id, r.card_no, r.card_type, r.account, r.user_name, r.status, r.community, r.address ?? '', date(c, r.created_at)],
    ),
  },
  {
    name: 'faces',
    title: 'datareq.section.faces',
    columns: cols('id', 'account', 'name', 'status', 'community', 'address', 'created', 'photo'),
    ...readAll(
      faces,
      (q) =>
        q
          .select(['face.id', 'face.account', 'face.user_name', 'face.status', 'cm.name as community', 'ad.address', 'face.created_at'])
          .orderBy('face.id')
          .execute(),
      (r, c) => [r.id, r.account, r.user_name, r.status, r.community, r.address ?? '', date(c, r.created_at), facePhotoName(r.id)],
    ),
    async attachments(c) {
      const rows = await faces(c).select(['face.id', 'face.photo_file_id']).orderBy('face.id').execute();
      return rows.map((r) => ({ name: facePhotoName(r.id), read: () => readPhoto(c.db, c.config, r.photo_file_id) }));
    },
  },
  {
    name: 'visitor-passes',
    title: 'datareq.section.visitorPasses',
    columns: cols('id', 'account', 'doorUnit', 'validFrom', 'validTo', 'opens', 'payload', 'created', 'qrImage'),
    ...readAll(
      passes,
      (q) =>
        q
          .select(['v.id', 'v.user_regno', 'v.device_name', 'v.validfrom', 'v.validto', 'v.num_open', 'v.payload', 'v.created_at'])
          .orderBy('v.id')
          .execute(),
      (r, c) => [
        Number(r.id),
        r.user_regno,
        r.device_name,
        date(c, r.validfrom),
        date(c, r.validto),
        r.num_open,
        r.payload,
        date(c, r.created_at),
        passImageName(Number(r.id)),
      ],
    ),
    async attachments(c) {
      const rows = await passes(c).select(['v.id', 'v.payload']).orderBy('v.id').execute();
      return rows.map((r) => ({ name: passImageName(Number(r.id)), read: () => QRCode.toBuffer(r.payload, { type: 'png' }) }));
    },
  },
  {
    name: 'access-events',
    title: 'datareq.section.accessEvents',
    columns: EVENT_COLUMNS,
    count: (c) => events(c, false).count(),
    rows: (c) => events(c, false).rows(),
  },
  {
    name: 'attendance-punches',
    title: 'datareq.section.punches',
    columns: EVENT_COLUMNS,
    count: (c) => events(c, true).count(),
    rows: (c) => events(c, true).rows(),
  },
  consentSection,
  {
    name: 'operation-log',
    title: 'datareq.section.opLog',
    columns: cols('id', 'time', 'menu', 'content', 'by'),
    count: async (c) => countRows(opLog(c)),
    async *rows(c) {
      const batch = (after: Cursor | null, limit: number) =>
        keysetPage(
          opLog(c).select(['o.id', 'o.addtime', 'o.name2', 'o.content', 'o.regno']),
          { sort: 'o.addtime', id: 'o.id' },
          false,
          after,
          limit,
        );
      for await (const r of keysetRows(c.db, batch, { sort: 'addtime', id: 'id' }))
        yield [Number(r.id), date(c, r.addtime), t(c.lang, `menu.${r.name2}`), t(c.lang, r.content), r.regno];
    },
  },
];

export const facePhotoName = (faceId: number) => `photos/face-${faceId}.jpg`;
export const passImageName = (passId: number) => `qrcodes/pass-${passId}.png`;
