/** The row type of a function that builds a query (`(db) => db.selectFrom(...).select(...)`, a list's keyset select). */
export type RowOf<S extends (...args: never[]) => { execute(): Promise<unknown[]> }> = Awaited<
  ReturnType<ReturnType<S>['execute']>
>[number];
