import { describe, expect, it } from 'vitest';
import { CreateWigglesBodySchema, ListOriginalsQuerySchema, WiggleStatusQuerySchema } from './library';

describe('library schemas', () => {
  it('applies SPEC defaults to wiggle creation and refuses 17 originals', () => {
    const parsed = CreateWigglesBodySchema.parse({ originalIds: [1, 2] });
    expect(parsed).toMatchObject({
      pairing: 'adjacent',
      stacking: 'auto-align',
      target: 'subfolder',
      folderId: null,
    });
    expect(parsed.subfolderTemplate).toBe('yyyy. MM. dd. HH:mm:ss');
    const tooMany = CreateWigglesBodySchema.safeParse({
      originalIds: Array.from({ length: 17 }, (_, i) => i + 1),
    });
    expect(tooMany.success).toBe(false);
    expect(tooMany.error?.issues[0]?.message).toBe('At most 16 originals can be selected.');
  });

  it('parses status ids and list defaults', () => {
    expect(WiggleStatusQuerySchema.parse({ ids: '3,1,3' }).ids).toEqual([3, 1]);
    expect(WiggleStatusQuerySchema.safeParse({ ids: '1,x' }).success).toBe(false);
    expect(ListOriginalsQuerySchema.parse({})).toMatchObject({ sort: 'name', order: 'asc', limit: 100 });
  });
});
