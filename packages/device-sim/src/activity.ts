import crypto from 'node:crypto';
import { ACCESS_RESULT, ACCESS_TYPE, CARD_MODE, type EventMessage } from '@gatehouse/contracts';
import type { Credential, DeviceState } from './state.ts';

const pick = <T>(items: T[], rand: () => number): T | undefined => items[Math.floor(rand() * items.length)];

function randomCardNum(rand: () => number): string {
  return String(Math.floor(rand() * 1e10)).padStart(10, '0');
}

/**
 * One event of everyday life at a door unit: a card or face opens the door (known
 * credentials succeed, unknown ones are refused), an employee punches in, a visitor
 * calls a household, a resident watches the door camera.
 */
export function randomActivity(
  state: DeviceState,
  rand: () => number,
  now = new Date(),
  idleCards: ReadonlySet<string> = new Set(),
): EventMessage {
  const base = { eid: crypto.randomUUID(), time: now.toISOString() };
  const cards = [...state.cards.values()].filter((c) => !idleCards.has(c.cardId));
  const faces = [...state.faces.values()];
  const anyone: Credential | undefined = pick([...cards, ...faces], rand);
  const roll = rand();
  if (roll < 0.35) {
    const card = pick(cards, rand);
    return card
      ? {
          ...base,
          kind: 'access',
          type: ACCESS_TYPE.card,
          result: state.emergency.admits(card.account) ? ACCESS_RESULT.ok : ACCESS_RESULT.other,
          account: card.account,
          userName: card.userName,
          cardNum: card.id.slice(0, 20),
          cardMode: CARD_MODE.ic,
        }
      : {
          ...base,
          kind: 'access',
          type: ACCESS_TYPE.invalidCard,
          result: ACCESS_RESULT.unknown,
          cardNum: randomCardNum(rand),
          cardMode: CARD_MODE.ic,
        };
  }
  if (roll < 0.6) {
    const face = pick(faces, rand);
    return face
      ? { ...base, kind: 'access', type: ACCESS_TYPE.face, result: ACCESS_RESULT.ok, account: face.account, userName: face.userName }
      : { ...base, kind: 'access', type: ACCESS_TYPE.unknownFace, result: ACCESS_RESULT.unknown };
  }
  if (roll < 0.75 && anyone) return { ...base, kind: 'punch', type: ACCESS_TYPE.face, account: anyone.account, userName: anyone.userName };
  if (roll < 0.9) {
    const entry = pick(state.callCodes, rand);
    const answered = rand() < 0.7;
    return {
      ...base,
      kind: 'call',
      callCode: String(entry?.code ?? Math.floor(rand() * 900 + 100)),
      answered,
      durationSec: answered ? Math.floor(rand() * 120) + 5 : 0,
    };
  }
  return { ...base, kind: 'monitor', account: anyone?.account, durationSec: Math.floor(rand() * 60) + 5 };
}
