import type { z } from 'zod';
import type { MenuKey } from '../menus.ts';
import type { RoleId } from '../roles.ts';

/**
 * Who may call a route. 'public': anyone; 'session': any signed-in user; otherwise
 * the caller needs one of the menus granted (administrators hold every menu) and,
 * when roles are listed, one of those roles.
 */
export type Access = 'public' | 'session' | { menus: readonly MenuKey[]; roles?: readonly RoleId[] };

/** json: envelope answer; multipart: upload with an envelope answer; raw: a file or image. */
export type RouteKind = 'json' | 'multipart' | 'raw';

export interface RouteSpec<I extends z.ZodType = z.ZodType, O = unknown> {
  method: 'GET' | 'POST';
  input: I;
  access: Access;
  kind?: RouteKind;
  /** Path under /api when it differs from /<module>/<name>. */
  path?: string;
  /** Phantom: the answer's content type. */
  readonly __out?: O;
}

export interface RouteDef<I extends z.ZodType = z.ZodType, O = unknown> extends RouteSpec<I, O> {
  module: string;
  name: string;
  path: string;
  kind: RouteKind;
}

/** Declares one route; O is the content type of the answer. */
export const r =
  <O = unknown>() =>
  <I extends z.ZodType>(spec: RouteSpec<I, O>): RouteSpec<I, O> =>
    spec;

/** Declares the routes of one module; path defaults to /<module>/<name> (or /<name> at the root). */
export function defineRoutes<T extends Record<string, RouteSpec<z.ZodType, unknown>>>(
  module: string,
  specs: T,
  opts: { root?: boolean } = {},
): { [K in keyof T]: T[K] extends RouteSpec<infer I, infer O> ? RouteDef<I, O> : never } {
  const out: Record<string, RouteDef> = {};
  for (const [name, spec] of Object.entries(specs)) {
    out[name] = {
      ...spec,
      module,
      name,
      kind: spec.kind ?? 'json',
      path: spec.path ?? (opts.root ? `/${name}` : `/${module}/${name}`),
    };
  }
  return out as { [K in keyof T]: T[K] extends RouteSpec<infer I, infer O> ? RouteDef<I, O> : never };
}

export type RouteInput<R> = R extends RouteDef<infer I, unknown> ? z.input<I> : never;
export type RouteOutput<R> = R extends RouteDef<z.ZodType, infer O> ? O : never;
export type ParsedInput<R> = R extends RouteDef<infer I, unknown> ? z.output<I> : never;
