/** Who is calling: the signed-in caller and the communities it may see (read with the session, http/auth.ts). */

/** Communities a caller sees: all, or these ids (http/scope.ts reads and applies it). */
export type Scope = { all: true } | { all: false; ids: number[] };

/** The signed-in caller, as read from the session row. */
export interface Caller {
  sessionId: number;
  accountId: number;
  roleId: number;
  regNo: string;
  name: string;
  communityId: number;
  /** Menu ids granted to the account (administrators: every menu). */
  menuIds: Set<number>;
  /** Community scope read with the session (same query), when the caller came from a token. */
  scope?: Scope;
}
