import { describe, expect, it } from 'vitest';
import { ID_MAX, idNumber, idText } from './ids';
import { MoveBodySchema, WiggleStatusQuerySchema } from './library';

const LOOSE = [
  'true',
  '[1]',
  '0x1',
  '+1',
  '1.0',
  '1e3',
  '01',
  '0',
  '-1',
  ' 1',
  '1 ',
  '１',
  '1_000',
  'Infinity',
  'NaN',
  '',
];

describe('the one id schema', () => {
  it('takes a path or query id only as plain decimal digits within the stored range', () => {
    expect(idText().parse('42')).toBe(42);
    expect(idText().parse(String(ID_MAX))).toBe(ID_MAX);
    for (const text of [...LOOSE, String(ID_MAX + 1), '9007199254740993', '9'.repeat(400)]) {
      expect(idText().safeParse(text).success, JSON.stringify(text)).toBe(false);
    }
  });

  it('takes a body id only as a positive whole JSON number', () => {
    expect(idNumber().parse(7)).toBe(7);
    for (const value of [
      true,
      [1],
      '1',
      '0x1',
      1.5,
      0,
      -1,
      ID_MAX + 1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null,
      {},
    ]) {
      expect(idNumber().safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('is what the library bodies and queries use', () => {
    expect(MoveBodySchema.safeParse({ type: 2, ids: ['1'], targetFolderId: null }).success).toBe(false);
    expect(MoveBodySchema.safeParse({ type: 2, ids: [true], targetFolderId: null }).success).toBe(false);
    expect(MoveBodySchema.safeParse({ type: 2, ids: [1], targetFolderId: '3' }).success).toBe(false);
    expect(WiggleStatusQuerySchema.safeParse({ ids: '1,01' }).success).toBe(false);
    expect(WiggleStatusQuerySchema.safeParse({ ids: '1,+2' }).success).toBe(false);
    expect(WiggleStatusQuerySchema.parse({ ids: '3,1,3' }).ids).toEqual([3, 1]);
  });
});
