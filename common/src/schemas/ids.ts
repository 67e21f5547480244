import { z } from 'zod';
import { Messages } from '../messages';

/** An id as a path or query string: decimal digits, no sign, no leading zero. */
export const ID_PATTERN = /^[1-9][0-9]*$/;
/**
 * The largest id: ids are PostgreSQL `integer` columns (SQLite's are wider), so a bigger number can name no row;
 * refusing it keeps it from reaching a query that would fail with "out of range". It is well within the safe integers.
 */
export const ID_MAX = 2_147_483_647;
/** ID_PATTERN's source without anchors, for composed patterns such as media file names. */
export const ID_DIGITS = '[1-9][0-9]*';

export const isIdText = (text: string) => ID_PATTERN.test(text) && Number(text) <= ID_MAX;

/** A path or query id: the string "42" becomes 42; "0x1", "+1", "1.0", "01", "1e3" are refused. */
export const idText = (label = 'The id') =>
  z
    .string({ error: Messages.invalidId(label) })
    .regex(ID_PATTERN, { error: Messages.invalidId(label) })
    .refine(isIdText, { error: Messages.invalidId(label) })
    .transform(Number);

/**
 * A body id: a JSON number that is a positive safe integer; `true`, "1", [1] are refused. (How it was written,
 * 1.0 or 1e3, is checked by the server's JSON parser before this schema sees the number.)
 */
export const idNumber = (label = 'The id') =>
  z
    .number({ error: Messages.invalidId(label) })
    .int({ error: Messages.invalidId(label) })
    .positive({ error: Messages.invalidId(label) })
    .max(ID_MAX, { error: Messages.invalidId(label) });

/** A whole number in a query string (a page size...): decimal digits only, then the range of `schema`. */
export const integerText = (schema: z.ZodNumber) =>
  z
    .string()
    .regex(/^(0|[1-9][0-9]{0,8})$/, { error: 'A whole number written in decimal digits is required.' })
    .transform(Number)
    .pipe(schema);

/** `{ id }` path parameters. */
export const IdParamsSchema = z.object({ id: idText() });

/** JSON keys that hold ids (`id`, `ids`, `folderId`, `originalIds`...); the server's JSON parser checks their literals. */
export const ID_KEY_PATTERN = /^(id|ids|[a-z][A-Za-z]*Ids?)$/;
