import { ROUTES } from '@gatehouse/contracts';
import { notFound } from '../../http/errors.ts';
import { handle, type Registered } from '../../http/route.ts';

const C = ROUTES.card;
/** Interim: the card service is being built; every call answers 404 until it lands. */
const pending = async () => {
  throw notFound('err.routeNotFound');
};

export const cardHandlers: Registered[] = Object.values(C).map((route) => handle(route, pending));
