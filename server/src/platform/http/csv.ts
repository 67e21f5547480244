/**
 * CSV as RFC 4180 writes it (CRLF lines, fields with a quote, comma or line break quoted, quotes doubled), safe to
 * open in a spreadsheet: a text field that begins with =, +, -, @, a tab or a carriage return would be read as a
 * formula (OWASP "CSV injection"), so it gets a leading apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
