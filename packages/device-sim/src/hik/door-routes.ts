import { BAD_JSON, err, OK, tzName } from './answers.ts';
import type { IsapiRoutes } from './isapi.ts';

/** Device info, time, the listening host, clearing every person, door control and the event search of the emulated terminal. */
export const doorRoutes: IsapiRoutes = {
  'GET /ISAPI/System/deviceInfo': async (t) => {
    return {
      status: 200,
      body: {
        DeviceInfo: {
          deviceName: t.state.name,
          deviceID: t.serial,
          model: 'DS-K1T671M',
          serialNumber: t.serial,
          macAddress: '44:47:cc:00:00:01',
          firmwareVersion: 'V3.2.30',
          firmwareReleasedDate: 'build 230718',
          deviceType: 'ACS',
        },
      },
    };
  },
  'GET /ISAPI/System/time': async (t) => {
    return { status: 200, body: { Time: { timeMode: 'manual', localTime: t.localTime(), timeZone: tzName(t.offset) } } };
  },
  'PUT /ISAPI/Event/notification/httpHosts': async (t, { json }) => {
    const list = (json()?.HttpHostNotificationList as { HttpHostNotification?: Record<string, unknown> }[] | undefined)?.[0]
      ?.HttpHostNotification;
    if (!list || typeof list.url !== 'string' || typeof list.ipAddress !== 'string') return { status: 400, body: BAD_JSON };
    t.state.httpHost = {
      url: list.url,
      ipAddress: list.ipAddress,
      portNo: Number(list.portNo) || 80,
      protocolType: String(list.protocolType ?? 'HTTP'),
    };
    return { status: 200, body: OK };
  },
  'PUT /ISAPI/AccessControl/UserInfoDetail/Delete': async (t, { json }) => {
    const mode = (json()?.UserInfoDetail as { mode?: string } | undefined)?.mode;
    if (mode !== 'all') return { status: 400, body: err(6, 'Invalid Content', 'badParameters') };
    t.state.users.clear();
    t.state.cards.clear();
    t.state.faces.clear();
    t.state.deleting = 'processing';
    return { status: 200, body: OK };
  },
  'GET /ISAPI/AccessControl/UserInfoDetail/DeleteProcess': async (t) => {
    const status = t.state.deleting;
    t.state.deleting = 'success'; // the first poll sees it working, the next one done
    return { status: 200, body: { UserInfoDetailDeleteProcess: { status } } };
  },
  'PUT /ISAPI/AccessControl/RemoteControl/door/1': async (t, { json }) => {
    const cmd = (json()?.RemoteControlDoor as { cmd?: string } | undefined)?.cmd;
    if (cmd === 'open') {
      if (t.state.door === 'alwaysClose') return { status: 400, body: err(4, 'Invalid Operation', 'doorAlwaysClosed') };
      t.state.opens++;
      await t.record({ major: 3, minor: 0x400 });
    } else if (cmd === 'alwaysOpen' || cmd === 'alwaysClose') t.state.door = cmd;
    else if (cmd === 'resume' || cmd === 'close') t.state.door = 'normal';
    else return { status: 400, body: err(6, 'Invalid Content', 'badParameters') };
    return { status: 200, body: OK };
  },
  'POST /ISAPI/AccessControl/AcsEvent': async (t, { json }) => {
    const cond = json()?.AcsEventCond as
      | { searchID?: string; searchResultPosition?: number; maxResults?: number; beginSerialNo?: number; endSerialNo?: number }
      | undefined;
    if (!cond) return { status: 400, body: BAD_JSON };
    const from = Number(cond.beginSerialNo ?? 0);
    const to = cond.endSerialNo === undefined ? Number.POSITIVE_INFINITY : Number(cond.endSerialNo);
    const all = t.state.events.filter((e) => e.serialNo >= from && e.serialNo <= to);
    const pos = Number(cond.searchResultPosition ?? 0);
    const max = Math.min(Number(cond.maxResults ?? 30), 30); // terminals answer at most 30 per page
    const page = all.slice(pos, pos + max);
    return {
      status: 200,
      body: {
        AcsEvent: {
          searchID: cond.searchID ?? '1',
          totalMatches: all.length,
          responseStatusStrg: !page.length ? 'NO MATCH' : pos + page.length < all.length ? 'MORE' : 'OK',
          numOfMatches: page.length,
          ...(page.length ? { InfoList: page } : {}),
        },
      },
    };
  },
};
