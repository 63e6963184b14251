import { menuByKey, msg, ROUTES } from '@gatehouse/contracts';
import { Answer } from '../../http/errors.ts';
import { handle, type Registered } from '../../http/route.ts';
import { scopeOf } from '../../http/scope.ts';
import { openDoor } from './remote-open.ts';
import { activeModes, liftEmergencyMode, setEmergencyMode } from './service.ts';

const OPEN_MESSAGE = { opened: 'door.opened', failed: 'door.openFailed', noAnswer: 'door.noAnswer', withdrawn: 'door.withdrawn' } as const;

export const emergencyHandlers: Registered[] = [
  // Who set a mode (a phone number) is shown only to callers who may set modes themselves: the banner of a
  // householder or any other caller without the emergency menu names the mode, not the operator.
  handle(ROUTES.emergency.getActive, async (_input, ctx) => {
    const rows = await activeModes(ctx.db, await scopeOf(ctx.db, ctx.caller), ctx.config.TZ_NAME);
    const operator = ctx.caller.menuIds.has(menuByKey('access.gm').id);
    return operator ? rows : rows.map((r) => ({ ...r, setBy: '' }));
  }),

  handle(ROUTES.emergency.setMode, async (input, ctx) => {
    const row = await setEmergencyMode(ctx, input);
    return new Answer(200, row, [msg('emergency.set', { n: row.queued })]);
  }),

  handle(ROUTES.emergency.lift, async (input, ctx) => {
    const queued = await liftEmergencyMode(ctx, input);
    return new Answer(200, { queued }, [msg('emergency.lifted', { n: queued })]);
  }),

  handle(ROUTES.door.open, async (input, ctx) => {
    const a = await openDoor(ctx, input.addressId);
    return new Answer(200, a, [msg(OPEN_MESSAGE[a.result], { info: a.info || '-' })]);
  }),
];
