import { BAD_JSON, err, OK } from './answers.ts';
import type { IsapiRoutes } from './isapi.ts';

/** Face photos (`/ISAPI/Intelligent/FDLib/…`) of the emulated terminal: a photo that is not a JPEG (or with the refusePhoto fault) fails modeling, as a terminal's does. */
export const faceRoutes: IsapiRoutes = {
  'POST /ISAPI/Intelligent/FDLib/FaceDataRecord': async (t, { raw, type }) => {
    if (!type.startsWith('multipart/form-data')) return { status: 400, body: err(6, 'Invalid Content', 'badParameters') };
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), { headers: { 'content-type': type } }).formData();
    } catch {
      return { status: 400, body: BAD_JSON };
    }
    const meta = form.get('FaceDataRecord');
    const img = form.get('img') ?? form.get('FaceImage');
    type Rec = { FDID?: string; FPID?: string; name?: string };
    let rec: Rec | null = null;
    try {
      rec = typeof meta === 'string' ? (JSON.parse(meta) as Rec) : null;
    } catch {
      rec = null;
    }
    if (!rec?.FPID || !(img instanceof Blob)) return { status: 400, body: BAD_JSON };
    const bytes = Buffer.from(await img.arrayBuffer());
    if (t.fault() === 'refusePhoto' || bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8)
      return { status: 400, body: err(6, 'Invalid Content', 'modelingFailed', 'face modeling failed: no face found in the picture') };
    if (!t.state.users.has(rec.FPID)) return { status: 400, body: err(6, 'Invalid Content', 'employeeNoNotExist') };
    t.state.faces.set(rec.FPID, { FDID: rec.FDID ?? '1', FPID: rec.FPID, name: rec.name, bytes: bytes.length });
    return { status: 200, body: { ...OK, FPID: rec.FPID } };
  },
  'PUT /ISAPI/Intelligent/FDLib/FDSearch/Delete': async (t, { json }) => {
    const list = json()?.FPID as { value: string }[] | undefined;
    if (!Array.isArray(list)) return { status: 400, body: BAD_JSON };
    for (const f of list) t.state.faces.delete(f.value);
    return { status: 200, body: OK };
  },
  'POST /ISAPI/Intelligent/FDLib/FDSearch': async (t, { json }) => {
    const cond = json() as { FPID?: string } | null;
    if (!cond) return { status: 400, body: BAD_JSON };
    const found = [...t.state.faces.values()].filter((f) => !cond.FPID || f.FPID === cond.FPID);
    return {
      status: 200,
      body: {
        ...OK,
        responseStatusStrg: found.length ? 'OK' : 'NO MATCH',
        numOfMatches: found.length,
        totalMatches: found.length,
        ...(found.length ? { MatchList: found.map((f) => ({ FPID: f.FPID, name: f.name })) } : {}),
      },
    };
  },
};
