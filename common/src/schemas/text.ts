import { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../constants';
import { Messages } from '../messages';

/**
 * Characters no name, link or message needs and that can deceive or break what shows it: C0/C1 controls and DEL,
 * bidirectional overrides, embeddings and isolates (a name that reads backwards), direction marks, zero-width
 * spaces and joiners other than ZWJ/ZWNJ (which emoji and Indic/Persian scripts need), the soft hyphen, the BOM,
 * line/paragraph separators, interlinear annotations and the noncharacters U+FFFE/U+FFFF.
 */
const FORBIDDEN_SINGLE_LINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for
  /[\u0000-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u2028-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB\uFFFE\uFFFF]/;
/** The same, but a multi-line message keeps its line breaks and tabs. */
const FORBIDDEN_MULTI_LINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00AD\u061C\u180E\u200B\u200E\u200F\u2028-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB\uFFFE\uFFFF]/;

/** With the u flag a surrogate pair is one code point, so this matches only a lone half. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** True when `text` holds none of the refused characters and no lone surrogate half. */
export function isCleanText(text: string, multiline = false): boolean {
  return !LONE_SURROGATE.test(text) && !(multiline ? FORBIDDEN_MULTI_LINE : FORBIDDEN_SINGLE_LINE).test(text);
}

export interface TextFieldOptions {
  /** How the field is named in the message ("Name", "Message"...). */
  label: string;
  max?: number;
  /** A missing or empty value is '' instead of "This field is mandatory.". */
  optional?: boolean;
  /** Keeps line breaks (CR LF and CR become LF) and tabs; everything else as a single line. */
  multiline?: boolean;
}

/**
 * The one schema of free text (names, links, messages, search, templates): NFC-normalized, trimmed, refused with
 * control or bidi/invisible formatting characters, at most `max` characters after normalization.
 */
export function textField({
  label,
  max = TEXT_MAX_LENGTH,
  optional = false,
  multiline = false,
}: TextFieldOptions) {
  let text = z.string({ error: Messages.mandatory }).normalize('NFC');
  if (multiline) text = text.overwrite((v) => v.replace(/\r\n?/g, '\n'));
  text = text.trim();
  if (!optional) text = text.min(1, { error: Messages.mandatory });
  return text
    .max(max, { error: Messages.tooLong(max) })
    .refine((v) => isCleanText(v, multiline), { error: Messages.forbiddenCharacters(label) });
}

/** An optional text field that is '' when absent. */
export const optionalTextField = (options: Omit<TextFieldOptions, 'optional'>) =>
  textField({ ...options, optional: true }).default('');

function isHttpUrl(text: string): boolean {
  if (/\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** An http(s) link, or '' for none; never another scheme, whitespace or a line break. */
export const linkField = (label: string) =>
  optionalTextField({ label }).refine((v) => v === '' || isHttpUrl(v), { error: Messages.invalidUrl });
