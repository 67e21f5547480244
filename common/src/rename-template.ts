/**
 * Bulk rename template of SPEC §5, expanded the same way by the web preview and the server.
 * Placeholders: %current% (the item's current name), %original% (the source original's name without its
 * extension; for an original, its own name without extension), %index% (the running number, padded to `digits`).
 * The counter, when placed at the beginning or end, adds the padded number separated by a space.
 */
import { TEXT_MAX_LENGTH } from './constants';

export type RenameCounterPlacement = 'none' | 'beginning' | 'end';

export interface RenameOptions {
  template: string;
  counter: RenameCounterPlacement;
  /** 1 to 4: the minimum number of digits (zero padded). */
  digits: number;
}

export interface RenameSubject {
  current: string;
  original: string;
}

export function stripExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

export function padIndex(index: number, digits: number): string {
  return String(index).padStart(Math.min(Math.max(digits, 1), 4), '0');
}

export function expandRenameTemplate(options: RenameOptions, subject: RenameSubject, index: number): string {
  const number = padIndex(index, options.digits);
  // One pass so a placeholder inside a replaced name is never expanded again.
  let name = options.template.replace(/%(current|original|index)%/g, (_, key: string) => {
    if (key === 'current') return subject.current;
    if (key === 'original') return stripExtension(subject.original);
    return number;
  });
  name = name.trim();
  if (options.counter === 'beginning') name = name ? `${number} ${name}` : number;
  if (options.counter === 'end') name = name ? `${name} ${number}` : number;
  if (!name) name = subject.current;
  return name.slice(0, TEXT_MAX_LENGTH);
}

/** Names for items renamed in order, the first getting `start` (default 1). */
export function expandRenameTemplates(
  options: RenameOptions,
  subjects: readonly RenameSubject[],
  start = 1,
): string[] {
  return subjects.map((subject, i) => expandRenameTemplate(options, subject, start + i));
}
