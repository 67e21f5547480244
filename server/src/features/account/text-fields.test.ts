import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseSnapshot } from '../../test/db-snapshot';
import {
  bearer,
  createTestApp,
  registerMember,
  type TestApp,
  type TestMember,
  testDialects,
} from '../../test/harness';
import { verificationMail } from './mails';

const BIDI_NAME = 'Eve\u202Egnp.exe';
const REFUSED = [
  BIDI_NAME,
  'Nul\u0000l',
  'Line\r\nBcc: victim@example.com',
  'Iso\u2066late',
  'Zero\u200Bwidth',
];

/** Every free-text field the API takes, with the member's request that carries it and the field's name. */
const TEXT_ROUTES: Array<{
  field: string;
  /** A multi-line message keeps line breaks. */
  multiline?: boolean;
  request: (text: string) => { method: 'POST' | 'PUT'; url: string; payload: Record<string, unknown> };
}> = [
  {
    field: 'name',
    request: (name) => ({
      method: 'POST',
      url: '/api/account/register',
      payload: {
        name,
        username: `text${Math.random()}@example.com`.replace('0.', ''),
        password: 'Secret-pass1',
        terms: true,
      },
    }),
  },
  {
    field: 'name',
    request: (name) => ({
      method: 'PUT',
      url: '/api/account/profile',
      payload: { name, subscriptions: { features: true, hints: true } },
    }),
  },
  {
    field: 'aboutMe',
    multiline: true,
    request: (aboutMe) => ({
      method: 'PUT',
      url: '/api/account/profile',
      payload: { name: 'Ann', aboutMe, subscriptions: { features: true, hints: true } },
    }),
  },
  {
    field: 'externalLink',
    request: (text) => ({
      method: 'PUT',
      url: '/api/account/profile',
      payload: {
        name: 'Ann',
        externalLink: `https://example.com/${text}`,
        subscriptions: { features: true, hints: true },
      },
    }),
  },
  {
    field: 'message',
    multiline: true,
    request: (message) => ({ method: 'POST', url: '/api/support/inquiry', payload: { message } }),
  },
  { field: 'name', request: (name) => ({ method: 'POST', url: '/api/library/folders', payload: { name } }) },
];

describe.each(testDialects())('text fields on %s', (dialect) => {
  let t: TestApp;
  let member: TestMember;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    member = await registerMember(t.app, { name: 'Text Owner' });
  });
  afterAll(async () => t?.close());

  it.each(TEXT_ROUTES.map((r) => [`${r.request('x').method} ${r.request('x').url} ${r.field}`, r] as const))(
    '%s refuses control, bidi and invisible characters with a 400 naming the field, storing nothing',
    async (_name, route) => {
      for (const text of REFUSED.filter((t) => !(route.multiline && t.includes('\r\n')))) {
        const before = await databaseSnapshot(t.platform.db);
        const res = await t.app.inject({ ...route.request(text), headers: bearer(member.token) });
        expect(res.statusCode, JSON.stringify(text)).toBe(400);
        const { error } = res.json();
        expect(Object.keys(error.fields)).toEqual([route.field]);
        expect(error.message).toBe(error.fields[route.field]);
        expect(await databaseSnapshot(t.platform.db)).toEqual(before);
      }
    },
  );

  it('stores names in NFC, trimmed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/library/folders',
      headers: bearer(member.token),
      payload: { name: '  Zoe\u0308  ' },
    });
    expect(res.json().name).toBe('Zo\u00eb');
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: bearer(member.token),
      payload: {
        name: 'Zoe\u0308',
        externalLink: 'https://example.com/a',
        subscriptions: { features: true, hints: true },
      },
    });
    expect(profile.json()).toMatchObject({ name: 'Zo\u00eb', externalLink: 'https://example.com/a' });
  });
});

describe('the name in a mail', () => {
  it('cannot break a line or reverse the text, even for a name stored before the rule', () => {
    const mail = verificationMail(
      'eve@example.com',
      'Eve\r\nBcc: victim@example.com\u202E\u0000',
      '123456',
      'https://x',
      30,
    );
    expect(mail.text.split('\n')[0]).toBe('Hello EveBcc: victim@example.com,');
    for (const refused of ['\r', '\u202e', '\u0000']) {
      expect(mail.text.includes(refused) || mail.html.includes(refused)).toBe(false);
    }
    expect(
      verificationMail('a@example.com', 'Zoe\u0308', '1', 'https://x', 1).text.startsWith('Hello Zo\u00eb,'),
    ).toBe(true);
  });
});
