import { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../constants';
import { Messages } from '../messages';

/**
 * Characters no name, link or message needs and that can deceive or break what shows it: C0/C1 controls and DEL,
 * bidirectional overrides, embeddings and isolates (a name that reads backwards), direction marks, zero-width
 * spaces and joiners other than ZWJ/ZWNJ (which emoji and Indic/Persian scripts need), the soft hyphen, the BOM,
 * line/paragraph separators, interlinear annotations and the noncharacters U+FFFE/U+FFFF. A multi-line message
 * keeps line feeds and tabs. As a pattern, so the OpenAPI document states the rule too.
 */
const FORBIDDEN =
  '\\u00AD\\u061C\\u180E\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u2064\\u2066-\\u206F\\uFEFF\\uFFF9-\\uFFFB\\uFFFE\\uFFFF\\u007F-\\u009F';
export const SINGLE_LINE_TEXT = new RegExp(`^[^\\u0000-\\u001F${FORBIDDEN}]*$`);
export const MULTI_LINE_TEXT = new RegExp(`^[^\\u0000-\\u0008\\u000B-\\u001F${FORBIDDEN}]*$`);

/** With the u flag a surrogate pair is one code point, so this matches only a lone half. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** True when `text` holds none of the refused characters and no lone surrogate half. */
export function isCleanText(text: string, multiline = false): boolean {
  return !LONE_SURROGATE.test(text) && (multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT).test(text);
}

/** `text` in NFC on one line with the refused characters removed: for text stored before these rules (mail greetings). */
export function cleanSingleLine(text: string): string {
  return text
    .normalize('NFC')
    .replace(new RegExp(`[\\u0000-\\u001F${FORBIDDEN}]|[\\uD800-\\uDFFF]`, 'gu'), '')
    .trim();
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
  const refused = { error: Messages.forbiddenCharacters(label) };
  return text
    .max(max, { error: Messages.tooLong(max) })
    .regex(multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT, refused)
    .refine((v) => !LONE_SURROGATE.test(v), refused);
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
