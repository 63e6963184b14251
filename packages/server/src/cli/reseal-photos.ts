import { resealStoredFiles } from '../modules/privacy/reseal.ts';
import { defineCommand } from './command.ts';
import { withSite } from './site.ts';

/**
 * After PHOTO_KEY changed (the old key moved to PHOTO_KEYS_OLD): every face photo and consent form
 * sealed with an old key, or not sealed at all, is sealed with the current key (docs/privacy.md).
 */
export const resealPhotosCommand = defineCommand({
  name: 'reseal-photos',
  summary: 'seal face photos and consent forms again with the current PHOTO_KEY (after a key rotation)',
  usage: [],
  options: {},
  async run(_values, config, io) {
    await withSite(config, { current: true }, async ({ db }) => {
      const n = await resealStoredFiles(db, config);
      io.out(`${n.files} stored photos and forms: ${n.resealed} sealed again with the current key, ${n.missing} missing on disk.`);
      io.out('Once every instance runs with the new key, the old keys may leave PHOTO_KEYS_OLD.');
    });
  },
});
