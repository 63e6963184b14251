import { CARD_LIST, cardRoutes } from '@gatehouse/contracts';
import { firstPageRequest } from './request.ts';

/**
 * The first-page request of a list page at its path, declared so that a first visit gets its rows
 * asked for with the code (api/early.ts; index.html's first-screen script reads this table at build
 * time, build/firstScreenHints.ts). Each must be exactly the request the page's list sends when it
 * opens without filters: one that differs is never taken and costs a second request
 * (e2e/tests/first-screen.spec.ts counts them). A page left out is sent early only once its list has
 * noted its request (opened before in this browser).
 */
export const FIRST_REQUESTS: Readonly<Record<string, string>> = {
  '/access/gate': firstPageRequest(cardRoutes.getGateAccessesPage, { ismjtk: CARD_LIST.gate }),
  '/access/ladder': firstPageRequest(cardRoutes.getGateAccessesPage, { ismjtk: CARD_LIST.ladder }),
};
