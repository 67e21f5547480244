import { ID_KEY_PATTERN } from '@wiggle/common/schemas/ids';
import type { FastifyInstance } from 'fastify';
import { BadRequest } from '../errors';

interface Frame {
  kind: 'object' | 'array';
  /** The key this container is the value of (for an array of ids: `ids`). */
  key: string | undefined;
  keys: Set<string>;
  /** In an object: the key whose value comes next. */
  pendingKey: string | undefined;
  expectingKey: boolean;
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/**
 * What JSON.parse lets through but a careful API refuses: a key given twice in one object (parsers disagree on
 * which wins) and an id written as anything but plain decimal digits (`1.0`, `1e3` parse to the same number as
 * `1` and `1000`, so the id schema cannot see them). Returns a message for the first problem, or undefined.
 * Invalid JSON is left to the parser that runs next.
 */
export function strictJsonProblem(text: string): string | undefined {
  const stack: Frame[] = [];
  const top = () => stack[stack.length - 1];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '{' || c === '[') {
      const parent = top();
      const key = parent?.kind === 'object' ? parent.pendingKey : parent?.key;
      stack.push({
        kind: c === '{' ? 'object' : 'array',
        key,
        keys: new Set(),
        pendingKey: undefined,
        expectingKey: c === '{',
      });
      i += 1;
    } else if (c === '}' || c === ']') {
      stack.pop();
      i += 1;
    } else if (c === ',') {
      const frame = top();
      if (frame?.kind === 'object') frame.expectingKey = true;
      i += 1;
    } else if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const frame = top();
      if (frame?.kind === 'object' && frame.expectingKey) {
        let key: string;
        try {
          key = JSON.parse(text.slice(i, end + 1)) as string;
        } catch {
          return undefined;
        }
        if (frame.keys.has(key)) return `The key "${key.slice(0, 50)}" is given more than once.`;
        frame.keys.add(key);
        frame.pendingKey = key;
        frame.expectingKey = false;
      }
      i = end + 1;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const literal = NUMBER.exec(text)?.[0] ?? c;
      const frame = top();
      const key = frame?.kind === 'object' ? frame.pendingKey : frame?.key;
      if (key !== undefined && ID_KEY_PATTERN.test(key) && /[.eE]/.test(literal)) {
        return `${key.slice(0, 50)} must be a positive whole number written in decimal digits.`;
      }
      i += literal.length;
    } else {
      i += 1;
    }
  }
  return undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Replaces Fastify's JSON body parser by its own (prototype-poisoning checks kept) behind strictJsonProblem. */
export function installStrictJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    // Decoded strictly: invalid UTF-8 would otherwise become U+FFFD and be stored as if the client had sent it.
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new BadRequest('The body is not valid UTF-8.', undefined, 'invalid_json'), undefined);
      return;
    }
    const problem = strictJsonProblem(text);
    if (problem) {
      done(new BadRequest(problem, undefined, 'invalid_json'), undefined);
      return;
    }
    parse(request, text, done);
  });
}
