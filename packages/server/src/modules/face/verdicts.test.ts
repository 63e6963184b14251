import { beforeAll, describe, expect, it } from 'vitest';
import { findFacesSsd, warmUp } from '../../faces/detector.ts';
import { checkPhoto } from '../../faces/photo.ts';
import { rerunOnPostgres } from '../../test/harness.ts';
import { VERDICT_PHOTOS, type Verdict } from './test-photos.ts';

/**
 * The face check's verdicts do not depend on the detector: every photo the tests, the demo,
 * the e2e tests and the bench use gets the same verdict from the screened detector (Tiny
 * Face Detector, SSD when in doubt) as from SSD MobileNet alone, the detector before it.
 */

const verdictOf = (find?: Parameters<typeof checkPhoto>[1]) => async (jpeg: Buffer) =>
  checkPhoto(jpeg, find).then(
    (): Verdict => 'one',
    (e: { msgs?: string[] }): Verdict | string =>
      e.msgs?.[0] === 'face.noFace' ? 'none' : e.msgs?.[0] === 'face.manyFaces' ? 'several' : String(e.msgs ?? e),
  );

beforeAll(() => warmUp(), 60_000);

describe.skipIf(rerunOnPostgres)('face check verdicts', () => {
  it.each(VERDICT_PHOTOS)(
    '$name: $verdict',
    async ({ verdict, jpeg }) => {
      const photo = await jpeg();
      expect(await verdictOf()(photo)).toBe(verdict);
      expect(await verdictOf(findFacesSsd)(photo)).toBe(verdict);
    },
    60_000,
  );
});
