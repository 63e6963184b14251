import { sealedFiles } from '../../faces/sealed-files.ts';
import { t } from '../../http/i18n.ts';
import { withinScope } from '../../http/scope.ts';
import { CONSENT_FILE_KIND } from '../privacy/consent.ts';
import { anyPhone } from './person.ts';
import { cols, date, type ExportSection, readAll, type SectionCtx } from './section.ts';

/**
 * The person's face consent records (issue 35 items 1 and 2): who gave it (the person or a guardian,
 * named), how, when, by which staff member, the purpose text shown, when it was withdrawn; the
 * scanned form of each, opened from its seal, rides in the zip as `consents/consent-<id>.<ext>`.
 * Records outlive their face (an erased face leaves its consent as the proof it was given).
 */
function consents(c: SectionCtx) {
  return withinScope(
    c.db
      .selectFrom('face_consent as fc')
      .leftJoin('stored_file as sf', (j) => j.onRef('sf.id', '=', 'fc.form_file_id').on('sf.kind', '=', CONSENT_FILE_KIND))
      .where('fc.account', '=', anyPhone(c.person)),
    c.person.scope,
    'fc.community_id',
  );
}

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };
export const consentFormName = (consentId: number, mime: string) => `consents/consent-${consentId}.${EXT[mime] ?? 'bin'}`;

export const consentSection: ExportSection = {
  name: 'face-consents',
  title: 'datareq.section.consents',
  columns: cols('id', 'account', 'name', 'giver', 'guardian', 'method', 'given', 'staff', 'purpose', 'withdrawn', 'face', 'consentForm'),
  ...readAll(
    consents,
    (q) =>
      q
        .select([
          'fc.id',
          'fc.account',
          'fc.person_name',
          'fc.giver',
          'fc.guardian_name',
          'fc.method',
          'fc.created_at',
          'fc.staff_regno',
          'fc.purpose',
          'fc.withdrawn_at',
          'fc.face_id',
          'sf.mime',
        ])
        .orderBy('fc.id')
        .execute(),
    (r, c) => [
      r.id,
      r.account,
      r.person_name,
      t(c.lang, `privacy.giver.${r.giver}`),
      r.guardian_name,
      t(c.lang, `privacy.method.${r.method}`),
      date(c, r.created_at),
      r.staff_regno,
      r.purpose,
      r.withdrawn_at ? date(c, r.withdrawn_at) : '',
      r.face_id,
      r.mime ? consentFormName(r.id, r.mime) : '',
    ],
  ),
  async attachments(c) {
    const rows = await consents(c).select(['fc.id', 'sf.path', 'sf.mime']).where('sf.id', 'is not', null).orderBy('fc.id').execute();
    const store = sealedFiles(c.config);
    return rows.map((r) => ({ name: consentFormName(r.id, r.mime as string), read: () => store.read(r.path as string) }));
  },
};
