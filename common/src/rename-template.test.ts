import { describe, expect, it } from 'vitest';
import { expandRenameTemplate, expandRenameTemplates, stripExtension } from './rename-template';

const subject = { current: 'Beach wiggle', original: 'DSCF0001.MPO' };

describe('expandRenameTemplate', () => {
  it('replaces every placeholder, %original% without extension', () => {
    expect(
      expandRenameTemplate(
        { template: '%current% / %original% #%index%', counter: 'none', digits: 3 },
        subject,
        7,
      ),
    ).toBe('Beach wiggle / DSCF0001 #007');
  });

  it('places the counter at the beginning or the end with the chosen digits', () => {
    expect(expandRenameTemplate({ template: 'Trip', counter: 'beginning', digits: 2 }, subject, 3)).toBe(
      '03 Trip',
    );
    expect(expandRenameTemplate({ template: 'Trip', counter: 'end', digits: 4 }, subject, 12)).toBe(
      'Trip 0012',
    );
    expect(expandRenameTemplate({ template: 'Trip', counter: 'none', digits: 4 }, subject, 12)).toBe('Trip');
  });

  it('never expands placeholders that come from a name', () => {
    expect(
      expandRenameTemplate(
        { template: '%current%', counter: 'none', digits: 1 },
        { current: '%index%', original: 'a' },
        5,
      ),
    ).toBe('%index%');
  });

  it('keeps the current name for an empty result and cuts at 255 characters', () => {
    expect(expandRenameTemplate({ template: '  ', counter: 'none', digits: 1 }, subject, 1)).toBe(
      'Beach wiggle',
    );
    expect(
      expandRenameTemplate({ template: 'x'.repeat(300), counter: 'none', digits: 1 }, subject, 1),
    ).toHaveLength(255);
  });

  it('numbers a batch from start', () => {
    expect(
      expandRenameTemplates(
        { template: 'P%index%', counter: 'none', digits: 1 },
        [subject, subject, subject],
        9,
      ),
    ).toEqual(['P9', 'P10', 'P11']);
  });

  it('strips only a real extension', () => {
    expect(stripExtension('.hidden')).toBe('.hidden');
    expect(stripExtension('a.b.jpg')).toBe('a.b');
  });
});
