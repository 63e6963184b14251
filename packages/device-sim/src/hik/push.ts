import type { HikEvent, HikState } from './state.ts';

export interface PostOptions {
  /** The terminal's own HTTP port (told in the body). */
  port: number;
  /** As `multipart/form-data` with a picture (terminals with a camera) instead of JSON. */
  multipart?: boolean;
}

/**
 * Posts an event to the listening host the server configured (`httpHosts`), as an
 * `AccessControllerEvent` (docs/devices/hikvision.md); answers whether the host took it (no
 * host: nothing to post).
 */
export async function postEvent(ev: HikEvent, state: HikState, o: PostOptions): Promise<boolean> {
  const host = state.httpHost;
  if (!host) return true;
  const body = {
    ipAddress: '127.0.0.1',
    portNo: o.port,
    protocol: 'HTTP',
    macAddress: '44:47:cc:00:00:01',
    channelID: 1,
    dateTime: ev.time,
    activePostCount: 1,
    eventType: 'AccessControllerEvent',
    eventState: 'active',
    eventDescription: 'Access Controller Event',
    AccessControllerEvent: {
      deviceName: state.name,
      majorEventType: ev.major,
      subEventType: ev.minor,
      cardNo: ev.cardNo,
      cardType: ev.cardNo ? 1 : undefined,
      name: ev.name,
      employeeNoString: ev.employeeNoString,
      doorNo: ev.doorNo,
      serialNo: ev.serialNo,
      currentVerifyMode: ev.currentVerifyMode,
      attendanceStatus: 'undefined',
    },
  };
  const target = `${host.protocolType === 'HTTPS' ? 'https' : 'http'}://${host.ipAddress}:${host.portNo}${host.url}`;
  try {
    let res: Response;
    if (o.multipart) {
      const form = new FormData();
      form.set('AccessControllerEvent', JSON.stringify(body));
      form.set('Picture', new Blob([Buffer.from([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' }), 'Picture.jpg');
      res = await fetch(target, { method: 'POST', body: form, signal: AbortSignal.timeout(5000) });
    } else {
      res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      });
    }
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}
