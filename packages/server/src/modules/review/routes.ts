import { msg, ROUTES } from '@gatehouse/contracts';
import { Answer } from '../../http/errors.ts';
import { t } from '../../http/i18n.ts';
import { handle, type Registered } from '../../http/route.ts';
import { streamWorkbook } from '../../xlsx/write.ts';
import { moveOut, moveOutProgress, previewMoveOut, resendMoveOut } from './moveout.ts';
import { buildReview } from './review.ts';
import { expireUnused, unusedPage } from './unused.ts';

const R = ROUTES.review;
const COLUMNS = [
  'kind',
  'label',
  'account',
  'userName',
  'address',
  'status',
  'source',
  'group',
  'schedule',
  'gate',
  'validfrom',
  'validto',
  'detail',
  'sync',
  'lastUsed',
] as const;

export const reviewHandlers: Registered[] = [
  handle(R.getReview, async (input, ctx) => buildReview(ctx, input)),
  handle(R.exportReview, async (input, ctx, { reply }) => {
    const review = await buildReview(ctx, input);
    const sheet = t(ctx.lang, 'review.sheet');
    const statusText = (s: string) =>
      ['valid', 'expired'].includes(s) ? t(ctx.lang, `review.status.${s}`) : t(ctx.lang, `face.status.${s}`);
    async function* rows() {
      for (const c of review.credentials) {
        const head = [t(ctx.lang, `review.kind.${c.kind}`), c.label, c.account, c.userName, c.address, statusText(c.status)];
        const places = c.places.length ? c.places : [null];
        for (const p of places)
          yield [
            ...head,
            p ? t(ctx.lang, `review.source.${p.source}`) : '',
            p?.group?.name ?? '',
            p?.group?.schedule ?? '',
            p && !p.gateId && p.group ? t(ctx.lang, 'review.noUnits') : (p?.gateName ?? ''),
            p?.validfrom ?? '',
            p?.validto ?? '',
            p?.detail ?? '',
            p ? t(ctx.lang, p.sync ? `cmd.status.${p.sync.status}` : 'review.sync.none') : '',
            c.lastUsed,
          ];
      }
    }
    await streamWorkbook(
      reply,
      `${sheet} ${review.subject}.xlsx`,
      sheet,
      COLUMNS.map((k) => t(ctx.lang, `review.col.${k}`)),
      rows(),
    );
    return undefined;
  }),
  handle(R.previewMoveOut, async (input, ctx) => previewMoveOut(ctx, input)),
  handle(R.moveOut, async (input, ctx) => {
    const done = await moveOut(ctx, input);
    return new Answer(200, done, [msg('review.movedOut', { n: done.items, commands: done.commands })]);
  }),
  handle(R.getMoveOutProgress, async (input, ctx) => moveOutProgress(ctx, input.id)),
  handle(R.resendMoveOut, async (input, ctx) => {
    const n = await resendMoveOut(ctx, input.id);
    return new Answer(200, { resent: n }, [msg('review.resent', { n })]);
  }),
  handle(R.getUnusedPage, async (input, ctx) => unusedPage(ctx, input)),
  handle(R.expireUnused, async (input, ctx) => {
    const n = await expireUnused(ctx, input);
    return new Answer(200, { changed: n }, [msg(`review.expired.${input.action}`, { n })]);
  }),
];
