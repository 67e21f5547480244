import { describe, expect, it } from 'vitest';
import { Messages } from '../messages';
import { profileUpdateSchema, registerSchema } from './account';
import {
  BulkRenameBodySchema,
  CreateFolderBodySchema,
  ListOriginalsQuerySchema,
  RenameBodySchema,
} from './library';
import { supportInquirySchema } from './support';
import { linkField, textField } from './text';

/** Every code point the text schema must refuse, by class. */
const REFUSED = {
  'C0 controls': [...Array(32).keys()].filter((c) => c !== 0x0a && c !== 0x09),
  'DEL and C1 controls': [...Array(33).keys()].map((i) => 0x7f + i),
  'bidi embeddings and overrides': [0x202a, 0x202b, 0x202c, 0x202d, 0x202e],
  'bidi isolates': [0x2066, 0x2067, 0x2068, 0x2069],
  'direction marks': [0x200e, 0x200f, 0x061c],
  'invisible formatting': [0x200b, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff, 0x00ad, 0x180e],
  'line and paragraph separators': [0x2028, 0x2029],
  noncharacters: [0xfffe, 0xffff],
};
// A multi-line message keeps LF and tab, and stores a CR (or CR LF) as LF.
const LINE_BREAKS = [0x0a, 0x09, 0x0d];

/** Every free-text field of the API, as [name, parse one value]. */
const TEXT_FIELDS: Array<
  [string, (value: string) => { success: boolean; fields: Record<string, string> }, boolean]
> = [];
const add = (
  name: string,
  multiline: boolean,
  parse: (value: string) => {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  },
) =>
  TEXT_FIELDS.push([
    name,
    (value) => {
      const result = parse(value);
      const fields: Record<string, string> = {};
      for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
      return { success: result.success, fields };
    },
    multiline,
  ]);
const profile = { name: 'Ann', subscriptions: { features: true, hints: false } };
add('register name', false, (name) =>
  registerSchema.safeParse({ name, username: 'a@example.com', password: 'Secret-pass1', terms: true }),
);
add('profile name', false, (name) => profileUpdateSchema.safeParse({ ...profile, name }));
add('profile aboutMe', true, (aboutMe) => profileUpdateSchema.safeParse({ ...profile, aboutMe }));
add('support message', true, (message) => supportInquirySchema.safeParse({ message }));
add('folder name', false, (name) => CreateFolderBodySchema.safeParse({ name }));
add('item rename', false, (name) => RenameBodySchema.safeParse({ name }));
add('bulk rename template', false, (template) =>
  BulkRenameBodySchema.safeParse({ type: 2, ids: [1], template }),
);
add('list search', false, (search) => ListOriginalsQuerySchema.safeParse({ search }));

describe('the one text schema', () => {
  it.each(TEXT_FIELDS)(
    '%s refuses every control, bidi and invisible formatting character, naming the field',
    (_name, parse, multiline) => {
      for (const [group, codes] of Object.entries(REFUSED)) {
        for (const code of codes) {
          if (multiline && LINE_BREAKS.includes(code)) continue;
          const result = parse(`ab${String.fromCharCode(code)}cd`);
          expect(result.success, `${group} U+${code.toString(16).padStart(4, '0')}`).toBe(false);
          expect(Object.values(result.fields)[0]).toMatch(/contains characters that are not allowed/);
        }
      }
      expect(parse('a\ud800b').success, 'a lone surrogate').toBe(false);
    },
  );

  it.each(TEXT_FIELDS)('%s keeps letters of every script, emoji sequences and ZWJ/ZWNJ', (_name, parse) => {
    for (const text of ['Zoë', 'Łódź', 'محمد', 'שלום', 'दुनिया', 'می‌خواهم', '👨‍👩‍👧', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '日本語']) {
      expect(parse(text).success, text).toBe(true);
    }
  });

  it('normalizes to NFC and trims, so a name is stored one way', () => {
    const name = textField({ label: 'The name' });
    expect(name.parse('  Zoe\u0308  ')).toBe('Zo\u00eb');
    expect(name.parse('Zo\u00eb')).toBe(name.parse('Zoe\u0308'));
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe(Messages.mandatory);
    // The length counts after normalization.
    expect(textField({ label: 'X', max: 3 }).safeParse('e\u0301e\u0301e\u0301').success).toBe(true);
  });

  it('lets a multi-line message keep its line breaks, as LF', () => {
    const message = textField({ label: 'The message', multiline: true, max: 1000 });
    expect(message.parse('Hello,\r\nline two\rthree\n\tindented')).toBe(
      'Hello,\nline two\nthree\n\tindented',
    );
    expect(textField({ label: 'The name' }).safeParse('a\nb').success).toBe(false);
  });

  it('takes only http(s) links without whitespace or line breaks', () => {
    const link = linkField('The link');
    for (const ok of ['', 'https://example.com', 'http://example.com/a?b=c#d'])
      expect(link.safeParse(ok).success, ok).toBe(true);
    for (const bad of [
      'https://example.com/\r\nX-Header: 1',
      'https://exa mple.com',
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://x.org',
      '//example.com',
      'https://example.com/\u202e',
    ]) {
      expect(link.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
