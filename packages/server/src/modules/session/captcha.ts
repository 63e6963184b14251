import crypto from 'node:crypto';
import { sql } from 'kysely';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/index.ts';

const TTL_SECONDS = 300;
const hashAnswer = (id: string, text: string) => crypto.createHash('sha256').update(`${id}:${text.toLowerCase()}`).digest('hex');

/** Creates a captcha image; its answer is stored hashed and bound to the returned id (a cookie). */
export async function createCaptcha(db: Db): Promise<{ id: string; svg: string }> {
  const c = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f2f4f8', width: 110, height: 36 });
  const id = crypto.randomBytes(16).toString('hex');
  await db
    .insertInto('captcha')
    .values({ id, answer_hash: hashAnswer(id, c.text), expires_at: sql<Date>`now() + interval '${sql.raw(String(TTL_SECONDS))} seconds'` })
    .execute();
  // Expired captchas are swept as new ones are made.
  await db.deleteFrom('captcha').where('expires_at', '<', sql<Date>`now()`).execute();
  return { id, svg: c.data };
}

/**
 * Checks a captcha answer. A wrong answer burns the image (one try per image); a
 * right one stays valid until dropCaptcha, so the sign-in can continue through the
 * activation (203) and SMS (205) steps with the same answer.
 */
export async function checkCaptcha(db: Db, id: string | undefined, answer: string): Promise<'ok' | 'wrong' | 'expired'> {
  if (!id) return 'expired';
  const row = await db.selectFrom('captcha').select(['answer_hash', 'expires_at']).where('id', '=', id).executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() < Date.now()) return 'expired';
  const a = Buffer.from(row.answer_hash);
  const b = Buffer.from(hashAnswer(id, answer.trim()));
  if (a.length === b.length && crypto.timingSafeEqual(a, b)) return 'ok';
  await dropCaptcha(db, id);
  return 'wrong';
}

export async function dropCaptcha(db: Db, id: string | undefined): Promise<void> {
  if (id) await db.deleteFrom('captcha').where('id', '=', id).execute();
}
