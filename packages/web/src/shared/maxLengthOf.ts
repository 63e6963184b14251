import type { z } from 'zod';

/**
 * The maximum length of a contracts text field (through preprocess, optional and default wrappers), if it has one.
 * Read at build time (build/routeTable.ts) to give each route of the browser's table its input limits.
 */
export function maxLengthOf(field: z.ZodType | undefined): number | undefined {
  let f: z.ZodType | undefined = field;
  for (let depth = 0; f && depth < 8; depth++) {
    const def = f.def as { type: string; in?: z.ZodType; out?: z.ZodType; innerType?: z.ZodType };
    if (def.type === 'string') return (f as z.ZodString).maxLength ?? undefined;
    f = def.type === 'pipe' ? (def.out?.def.type === 'transform' ? def.in : def.out) : def.innerType;
  }
  return undefined;
}
