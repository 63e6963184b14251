/** A rejected row as an import's check answers it (its index among the rows, the field's column). */
export interface CheckError {
  index: number;
  column?: string;
  message: string;
}

/** The messages of a unique column, given the cell's text: taken already, or repeated in the file. */
export interface UniqueMessages {
  taken: (value: string) => string;
  repeated: (value: string) => string;
}

/**
 * A column whose values must be new and unique in the file (case-insensitive; `existing` holds the
 * lower-cased values taken already): one error per row whose value is taken, or else repeats an earlier row.
 */
export function uniqueColumnErrors<K extends string, R extends Record<K, string>>(
  rows: R[],
  column: K,
  existing: Set<string>,
  messages: UniqueMessages,
): CheckError[] {
  const errors: CheckError[] = [];
  const seen = new Set<string>();
  rows.forEach((r, index) => {
    const value = r[column];
    const key = value.toLowerCase();
    if (existing.has(key)) errors.push({ index, column, message: messages.taken(value) });
    else if (seen.has(key)) errors.push({ index, column, message: messages.repeated(value) });
    seen.add(key);
  });
  return errors;
}
