import { CMD_KIND } from '@gatehouse/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { anyInt } from '../../db/sql.ts';
import type { CommandQueue } from '../../devices/commands.ts';
import { command, type NewCommand, type QueuedSend, wireDate } from '../../devices/new-command.ts';
import type { DesiredSource } from '../../devices/desired.ts';
import { groupSchedulesOfHolders, schedulesField } from './reach.ts';

/** The card fields a door unit holds. */
export interface CardForDevice {
  card_no: string;
  account: string;
  user_name: string;
  card_mode: string;
  card_type: string;
  status: string;
}

/** One door-unit entry of a card: where and how long. */
export interface EntryForDevice {
  gate_id: number;
  validfrom: Date | string;
  validto: Date | string;
}

/** card.put: the whole card as the door unit keeps it (objectKey card:<card number>), with its validity or schedules. */
function putCommand(
  card: CardForDevice,
  validity: { validfrom?: string; validto?: string },
  schedules: { schedules?: number[] },
): NewCommand {
  return command(
    CMD_KIND.cardPut,
    {
      // `cardId` on the wire is the card NUMBER (the name DESIGN.md fixes for card.put).
      cardId: card.card_no,
      account: card.account,
      userName: card.user_name,
      cardMode: card.card_mode,
      cardType: card.card_type,
      ...validity,
      status: card.status,
      ...schedules,
    },
    { objectKey: `card:${card.card_no}`, account: card.account },
  );
}

/** card.put of a card's own door-unit entry: its validity, any time. */
export const cardPutCommand = (card: CardForDevice, entry: EntryForDevice): NewCommand =>
  putCommand(card, { validfrom: wireDate(entry.validfrom), validto: wireDate(entry.validto) }, {});

/** card.put of a card that reaches a unit through groups only: no validity, its schedules (none when one is Always). */
export const groupCardPutCommand = (card: CardForDevice, schedules: number[]): NewCommand =>
  putCommand(card, {}, schedulesField(schedules));

/** card.delete: by the card's number (the wire's `cardId`, a name DESIGN.md fixes). */
export function cardDeleteCommand(card: Pick<CardForDevice, 'card_no' | 'account'>): NewCommand {
  return command(CMD_KIND.cardDelete, { cardId: card.card_no }, { objectKey: `card:${card.card_no}`, account: card.account });
}

/**
 * Queues what each listed door unit must now hold of a card: card.put when the card
 * is enabled and configured there (its own entry, else through its access groups), else card.delete.
 */
export const queueCardOn = (trx: Kysely<DB>, q: CommandQueue, cardRowId: number, gateIds: number[]): Promise<number> =>
  queueCardsOn(trx, q, [cardRowId], gateIds);

/**
 * `queueCardOn` for many cards at once, in four statements whatever their number: the cards,
 * their own entries on the units, their groups' schedules there, then the commands in one batch.
 */
export async function queueCardsOn(
  trx: Kysely<DB>,
  q: CommandQueue,
  cardRowIds: readonly number[],
  gateIds: readonly number[],
): Promise<number> {
  const gates = [...new Set(gateIds)];
  if (!gates.length || !cardRowIds.length) return 0;
  const cards = await trx
    .selectFrom('card')
    .select(['id', 'card_no', 'account', 'user_name', 'card_mode', 'card_type', 'status'])
    .where('id', '=', anyInt(cardRowIds))
    .orderBy('id')
    .execute();
  if (!cards.length) return 0;
  const entries = await trx
    .selectFrom('card_gate')
    .select(['card_id', 'gate_id', 'validfrom', 'validto'])
    .where('card_id', '=', anyInt(cards.map((c) => c.id)))
    .where('gate_id', '=', anyInt(gates))
    .execute();
  const own = new Map(entries.map((e) => [`${e.card_id}/${e.gate_id}`, e]));
  const viaGroups = await groupSchedulesOfHolders(
    trx,
    'card',
    cards.map((c) => c.id),
    gates,
  );
  const sends: QueuedSend[] = cards.flatMap((card) =>
    gates.map((gate) => {
      const e = own.get(`${card.id}/${gate}`);
      const schedules = viaGroups.get(card.id)?.get(gate);
      const put = card.status !== 'enable' ? undefined : e ? cardPutCommand(card, e) : schedules && groupCardPutCommand(card, schedules);
      return { to: [gate], cmds: [put ?? cardDeleteCommand(card)] };
    }),
  );
  return q.addMany(sends);
}

/** Every enabled card configured on a door unit (sent on activation and resync). */
export const cardsOfUnit: DesiredSource = async (db, door) => {
  const rows = await db
    .selectFrom('card_gate as cg')
    .innerJoin('card as c', 'c.id', 'cg.card_id')
    .select(['c.card_no', 'c.account', 'c.user_name', 'c.card_mode', 'c.card_type', 'c.status', 'cg.gate_id', 'cg.validfrom', 'cg.validto'])
    .where('cg.gate_id', '=', door.addressId)
    .where('c.status', '=', 'enable')
    .orderBy('cg.id')
    .execute();
  return rows.map((r) => cardPutCommand(r, r));
};
