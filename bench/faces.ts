import fs from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { findFaces, findFacesSsd, screen, warmUp } from '../packages/server/src/faces/detector.ts';
import { checkPhoto, normalise } from '../packages/server/src/faces/photo.ts';
import { VERDICT_PHOTOS } from '../packages/server/src/modules/face/test-photos.ts';
import { percentile } from './lib.ts';

const median = (xs: number[]) => percentile(xs, 50);
const round = (x: number) => Math.round(x * 10) / 10;

/**
 * Times one call; answers [wall ms, verdict, CPU ms of the process]. On the shared machine the
 * wall time grows with the load of others; the CPU time (this process's threads, sharp's
 * included) is what the call costs on an idle core.
 */
async function timed(fn: () => Promise<unknown>): Promise<[number, string, number]> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const verdict = await fn().then(
    () => 'one',
    (e: { msgs?: string[] }) => ({ 'face.noFace': 'none', 'face.manyFaces': 'several' })[e.msgs?.[0] ?? ''] ?? String(e),
  );
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return [wall, verdict, (c.user + c.system) / 1000];
}

/**
 * checkFaceValid's work per photo (JPEG check, EXIF rotation, fit to 480x360, re-encode,
 * face count) on every photo the tests, demo, e2e and bench use (`VERDICT_PHOTOS`), with two
 * detectors: `ssd` (SSD MobileNet v1, two passes: the check before issue 11) and `screened`
 * (the Tiny Face Detector, SSD only when it is in doubt: the check now). Baseline: decoding
 * the same photo with sharp, in the same run, interleaved with the checks. First, the first checks
 * cold (`firstChecks`: the models loaded by the first check, as the server does by default).
 */
export async function facesBench() {
  // Cold, as the server's first face checks without FACE_DETECTOR_WARMUP (the default): the first
  // check loads the models and pays the Tiny screen's first WASM inference; the first photo the
  // screen leaves in doubt pays SSD's. Then warmUp (what FACE_DETECTOR_WARMUP=1 does at start).
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
  const photos = await Promise.all(VERDICT_PHOTOS.map((p) => p.jpeg()));
  const rssBefore = rss();
  const [coldFirstCheckMs, coldVerdict] = await timed(() => checkPhoto(photos[0] as Buffer));
  const normalised = await Promise.all(photos.map((jpeg) => normalise(jpeg)));
  const inDoubt = [];
  for (const [i, n] of normalised.entries()) if ((await screen(n.rgb, n.width, n.height)) === null) inDoubt.push(i);
  const firstInDoubt = inDoubt[0];
  const [firstSsdCheckMs] = firstInDoubt === undefined ? [0] : await timed(() => checkPhoto(photos[firstInDoubt] as Buffer));
  const detectorRssMB = Math.round(rss() - rssBefore);
  const t0 = performance.now();
  await warmUp();
  const warmUpMs = round(performance.now() - t0);
  const rewarm = { first: [] as number[], inDoubt: [] as number[] };
  for (let i = 0; i < 7; i++) {
    rewarm.first.push((await timed(() => checkPhoto(photos[0] as Buffer)))[0]);
    if (firstInDoubt !== undefined) rewarm.inDoubt.push((await timed(() => checkPhoto(photos[firstInDoubt] as Buffer)))[0]);
  }
  const firstChecks = {
    note: 'wall ms of the first face checks after start without FACE_DETECTOR_WARMUP (cold) against the same checks once warm (p50 of 7)',
    firstPhoto: VERDICT_PHOTOS[0]?.name,
    firstPhotoVerdict: coldVerdict,
    coldFirstCheckMs: round(coldFirstCheckMs),
    warmFirstPhotoP50Ms: round(median(rewarm.first)),
    firstInDoubtPhoto: firstInDoubt === undefined ? null : VERDICT_PHOTOS[firstInDoubt]?.name,
    coldFirstSsdCheckMs: round(firstSsdCheckMs),
    warmInDoubtP50Ms: rewarm.inDoubt.length ? round(median(rewarm.inDoubt)) : null,
    detectorRssMB,
    warmUpAfterMs: warmUpMs,
  };
  const n = 7;
  const all = { decode: [] as number[], ssd: [] as number[], screened: [] as number[] };
  const cpu = { decode: [] as number[], ssd: [] as number[], screened: [] as number[] };
  const rows = [];
  for (const p of VERDICT_PHOTOS) {
    const jpeg = await p.jpeg();
    const norm = await normalise(jpeg);
    const decided = (await screen(norm.rgb, norm.width, norm.height)) !== null;
    const t = { decode: [] as number[], ssd: [] as number[], screened: [] as number[] };
    const verdicts = { ssd: '', screened: '' };
    for (let i = 0; i < n; i++) {
      let [ms, , cpuMs] = await timed(() => sharp(jpeg).raw().toBuffer());
      t.decode.push(ms);
      cpu.decode.push(cpuMs);
      [ms, verdicts.ssd, cpuMs] = await timed(() => checkPhoto(jpeg, findFacesSsd));
      t.ssd.push(ms);
      cpu.ssd.push(cpuMs);
      [ms, verdicts.screened, cpuMs] = await timed(() => checkPhoto(jpeg, findFaces));
      t.screened.push(ms);
      cpu.screened.push(cpuMs);
    }
    for (const k of ['decode', 'ssd', 'screened'] as const) all[k].push(...t[k]);
    rows.push({
      photo: p.name,
      bytes: jpeg.length,
      expected: p.verdict,
      ssdVerdict: verdicts.ssd,
      screenedVerdict: verdicts.screened,
      tinyDecided: decided,
      decodeP50Ms: round(median(t.decode)),
      ssdP50Ms: round(median(t.ssd)),
      screenedP50Ms: round(median(t.screened)),
      ssdVsDecode: round(median(t.ssd) / Math.max(median(t.decode), 0.01)),
      screenedVsDecode: round(median(t.screened) / Math.max(median(t.decode), 0.01)),
    });
  }
  const p50 = { decode: median(all.decode), ssd: median(all.ssd), screened: median(all.screened) };
  return {
    runsPerPhoto: n,
    photos: rows.length,
    firstChecks,
    verdictsAgree: rows.every((r) => r.ssdVerdict === r.expected && r.screenedVerdict === r.expected),
    tinyDecided: `${rows.filter((r) => r.tinyDecided).length}/${rows.length}`,
    allPhotos: {
      decodeP50Ms: round(p50.decode),
      ssdP50Ms: round(p50.ssd),
      ssdP90Ms: round(percentile(all.ssd, 90)),
      screenedP50Ms: round(p50.screened),
      screenedP90Ms: round(percentile(all.screened, 90)),
      ssdVsDecode: round(p50.ssd / p50.decode),
      screenedVsDecode: round(p50.screened / p50.decode),
      speedup: round(p50.ssd / p50.screened),
    },
    allPhotosCpu: {
      decodeP50Ms: round(median(cpu.decode)),
      ssdP50Ms: round(median(cpu.ssd)),
      screenedP50Ms: round(median(cpu.screened)),
      screenedP90Ms: round(percentile(cpu.screened, 90)),
      ssdVsDecode: round(median(cpu.ssd) / median(cpu.decode)),
      screenedVsDecode: round(median(cpu.screened) / median(cpu.decode)),
    },
    loadAverage: os.loadavg().map(round),
    rows,
  };
}
