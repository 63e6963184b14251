import fs from 'node:fs';
import {
  CONSENT_FORM_BYTES,
  type ConsentGiver,
  type ConsentMethod,
  type ConsentTemplate,
  type FaceConsent,
  type Lang,
  msg,
  type ParsedInput,
  type privacyRoutes,
} from '@gatehouse/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.ts';
import { sealedFiles } from '../../faces/sealed-files.ts';
import type { AuthCtx } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { writeOpLog } from '../../http/oplog.ts';
import { assertCommunity, foundInScope } from '../../http/scope.ts';
import { removeKept, type UploadedFile } from '../../http/uploads.ts';
import { addCard } from '../card/service.ts';
import type { RowOf } from '../../db/row-of.ts';

/**
 * Consent before a face (issue 35 item 1; docs/privacy.md "Consent"). A face is added only with
 * a consent record (who gave it, how, by which staff member, the purpose text shown) and only when
 * the person has another way in: an enabled card of the same account in the same community, or a
 * card given in the same dialog. Visitor QR codes do not count: they are issued by staff for a
 * door unit, not to a person (visitor_qrcode keeps the issuer, not the holder).
 */

type R = typeof privacyRoutes;
const MENU = 'access.faceid' as const;
export const CONSENT_FILE_KIND = 'consent';

const LANG_COLUMN = { 'zh-CN': 'purpose_zh_cn', 'zh-TW': 'purpose_zh_tw', en: 'purpose_en' } as const;

/** The community's purpose text (its own, or the catalogue's default) in three languages and in `lang`. */
export async function purposeTemplate(db: Kysely<DB>, communityId: number, lang: Lang): Promise<ConsentTemplate> {
  const row = await db
    .selectFrom('consent_template')
    .select(['purpose_zh_cn', 'purpose_zh_tw', 'purpose_en'])
    .where('community_id', '=', communityId)
    .executeTakeFirst();
  const texts = row
    ? { zhCN: row.purpose_zh_cn, zhTW: row.purpose_zh_tw, en: row.purpose_en }
    : {
        zhCN: t('zh-CN', 'privacy.defaultPurpose'),
        zhTW: t('zh-TW', 'privacy.defaultPurpose'),
        en: t('en', 'privacy.defaultPurpose'),
      };
  const purpose = row ? row[LANG_COLUMN[lang]] : t(lang, 'privacy.defaultPurpose');
  return { communityId, ...texts, purpose, custom: !!row };
}

/** getConsentTemplate: a community in scope. */
export async function consentTemplate(ctx: AuthCtx, communityId: number): Promise<ConsentTemplate> {
  await assertCommunity(ctx.db, ctx.caller, communityId);
  const c = await ctx.db.selectFrom('community').select('id').where('id', '=', communityId).executeTakeFirst();
  if (!c) throw notFound();
  return purposeTemplate(ctx.db, communityId, ctx.lang);
}

/** saveConsentTemplate: the community's own purpose text in the three languages. */
export async function saveConsentTemplate(ctx: AuthCtx, i: ParsedInput<R['saveConsentTemplate']>): Promise<ConsentTemplate> {
  await assertCommunity(ctx.db, ctx.caller, i.communityId);
  return ctx.db.transaction().execute(async (trx) => {
    const c = await trx.selectFrom('community').select('name').where('id', '=', i.communityId).executeTakeFirst();
    if (!c) throw notFound();
    const before = await purposeTemplate(trx, i.communityId, ctx.lang);
    const values = { purpose_zh_cn: i.zhCN, purpose_zh_tw: i.zhTW, purpose_en: i.en, updated_at: sql<Date>`now()` };
    await trx
      .insertInto('consent_template')
      .values({ community_id: i.communityId, ...values })
      .onConflict((oc) => oc.column('community_id').doUpdateSet(values))
      .execute();
    await writeOpLog(trx, ctx, {
      menu: 'access.privacy',
      content: msg('op.privacy.template', { name: c.name }),
      communityId: i.communityId,
      before: { zhCN: before.zhCN, zhTW: before.zhTW, en: before.en },
      after: { zhCN: i.zhCN, zhTW: i.zhTW, en: i.en },
    });
    return purposeTemplate(trx, i.communityId, ctx.lang);
  });
}

export interface ConsentGiven {
  consentGiver: ConsentGiver;
  guardianName?: string | undefined;
  consentMethod: ConsentMethod;
  cardid?: string | undefined;
  cardmode?: 'ic' | 'id' | undefined;
}

/**
 * The person's other way in, in the face's transaction: a card given here (added with its own
 * op-log entry; 403 without the access-card menu), else an enabled card of the account in the
 * community, else 400 "a face may not be the only way in".
 */
export async function assertOtherWayIn(
  trx: Kysely<DB>,
  ctx: AuthCtx,
  face: { communityId: number; addressId: number; account: string },
  c: ConsentGiven,
): Promise<void> {
  if (c.cardid) {
    await addCard(trx, ctx, {
      cardid: c.cardid,
      communityId: face.communityId,
      addressId: face.addressId,
      account: face.account,
      cardtype: 'accesscard',
      cardmode: c.cardmode ?? 'ic',
      cardstatus: 'enable',
    });
    return;
  }
  const card = await trx
    .selectFrom('card')
    .select('id')
    .where('community_id', '=', face.communityId)
    .where('account', '=', face.account)
    .where('status', '=', 'enable')
    .limit(1)
    .executeTakeFirst();
  if (!card) throw badRequest('privacy.otherWayInRequired');
}

/** The consent record of a new face, with the purpose text shown in the caller's language; answers its id. */
export async function recordConsent(
  trx: Kysely<DB>,
  ctx: AuthCtx,
  face: { id: number; communityId: number; account: string; username: string },
  c: ConsentGiven,
): Promise<number> {
  const { purpose } = await purposeTemplate(trx, face.communityId, ctx.lang);
  const row = await trx
    .insertInto('face_consent')
    .values({
      community_id: face.communityId,
      face_id: face.id,
      account: face.account,
      person_name: face.username.slice(0, 50),
      giver: c.consentGiver,
      guardian_name: c.consentGiver === 'guardian' ? (c.guardianName ?? '') : '',
      method: c.consentMethod,
      purpose,
      lang: ctx.lang,
      staff_account_id: ctx.caller.accountId,
      staff_regno: ctx.caller.regNo.slice(0, 100),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeOpLog(trx, ctx, {
    menu: MENU,
    content: msg('op.privacy.consent', {
      account: face.account,
      giver: `@privacy.giver.${c.consentGiver}`,
      method: `@privacy.method.${c.consentMethod}`,
    }),
    communityId: face.communityId,
    after: {
      consentId: row.id,
      faceId: face.id,
      giver: c.consentGiver,
      guardianName: c.guardianName ?? '',
      method: c.consentMethod,
      purpose,
    },
  });
  return row.id;
}

const CONSENT_COLUMNS = [
  'fc.id',
  'fc.community_id',
  'fc.face_id',
  'fc.account',
  'fc.giver',
  'fc.guardian_name',
  'fc.method',
  'fc.purpose',
  'fc.lang',
  'fc.staff_regno',
  'fc.created_at',
  'fc.form_file_id',
  'fc.withdrawn_at',
] as const;

function consentRows(db: Kysely<DB>) {
  return db.selectFrom('face_consent as fc').select([...CONSENT_COLUMNS]);
}
type ConsentDbRow = RowOf<typeof consentRows>;

const toConsent = (r: ConsentDbRow): FaceConsent => ({
  id: r.id,
  faceId: r.face_id,
  account: r.account,
  giver: r.giver as ConsentGiver,
  guardianName: r.guardian_name,
  method: r.method as ConsentMethod,
  purpose: r.purpose,
  lang: r.lang,
  staff: r.staff_regno,
  givenAt: new Date(r.created_at).toISOString(),
  hasForm: r.form_file_id !== null,
  withdrawnAt: r.withdrawn_at ? new Date(r.withdrawn_at).toISOString() : null,
});

/** getFaceConsent: the newest consent record of a face in scope (404 when it has none). */
export async function faceConsent(ctx: AuthCtx, faceId: number): Promise<FaceConsent> {
  const face = await ctx.db.selectFrom('face').select(['id', 'community_id']).where('id', '=', faceId).executeTakeFirst();
  await foundInScope(ctx.db, ctx.caller, face);
  const row = await consentRows(ctx.db).where('fc.face_id', '=', faceId).orderBy('fc.id', 'desc').executeTakeFirst();
  if (!row) throw notFound('privacy.noConsent');
  return toConsent(row);
}

const PDF = Buffer.from('%PDF-');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** JPEG, PNG or PDF by content; the mime type stored with it. */
function formMime(head: Buffer): string | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (head.subarray(0, PDF.length).equals(PDF)) return 'application/pdf';
  return null;
}

/**
 * uploadConsentForm: the scanned form of a consent record in scope: one file, JPEG, PNG or PDF by
 * content, at most CONSENT_FORM_BYTES; sealed at rest like face photos. A refused file leaves
 * nothing stored; a new form replaces the old one.
 */
export async function uploadConsentForm(ctx: AuthCtx, consentId: number, files: UploadedFile[]): Promise<FaceConsent> {
  const consent = await foundInScope(
    ctx.db,
    ctx.caller,
    await ctx.db.selectFrom('face_consent').select(['id', 'community_id', 'account']).where('id', '=', consentId).executeTakeFirst(),
  );
  const file = files[0];
  if (!file || files.length !== 1) throw badRequest('privacy.formMissing');
  if (file.truncated || file.size > CONSENT_FORM_BYTES)
    throw badRequest(msg('privacy.formTooLarge', { max: CONSENT_FORM_BYTES / 1024 / 1024 }));
  const bytes = await fs.promises.readFile(file.path);
  const mime = formMime(bytes.subarray(0, 8));
  if (!mime) throw badRequest('privacy.formNotImage');
  const store = sealedFiles(ctx.config);
  const ext = { 'image/jpeg': '.jpg', 'image/png': '.png', 'application/pdf': '.pdf' }[mime] ?? '';
  const rel = await store.write('consent', bytes, ext);
  let old: string | undefined;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const prev = await trx
        .selectFrom('face_consent')
        .select('form_file_id')
        .where('id', '=', consentId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const prevPath =
        prev.form_file_id === null
          ? undefined
          : (await trx.selectFrom('stored_file').select('path').where('id', '=', prev.form_file_id).executeTakeFirst())?.path;
      const f = await trx
        .insertInto('stored_file')
        .values({
          kind: CONSENT_FILE_KIND,
          path: rel,
          mime,
          size: bytes.length,
          original_name: file.filename.slice(0, 300),
          community_id: consent.community_id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('face_consent').set({ form_file_id: f.id }).where('id', '=', consentId).execute();
      if (prev.form_file_id !== null) {
        await trx.deleteFrom('stored_file').where('id', '=', prev.form_file_id).execute();
        old = prevPath;
      }
      await writeOpLog(trx, ctx, {
        menu: MENU,
        content: msg('op.privacy.consentForm', { account: consent.account }),
        communityId: consent.community_id,
        after: { consentId, fileId: f.id, mime, size: bytes.length },
      });
    });
  } catch (e) {
    await removeKept(ctx.config, [rel]);
    throw e;
  }
  if (old) await removeKept(ctx.config, [old]);
  return toConsent(await consentRows(ctx.db).where('fc.id', '=', consentId).executeTakeFirstOrThrow());
}
