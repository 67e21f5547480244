import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stdout } from 'node:process';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { RawImage } from '../image';
import { decodeToRaw } from '../ingest/decode-raw';

/** Reads an input file, turning file-system errors into a one-line reason. */
export async function readInput(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw new Error(`cannot read ${path}: no such file`);
    if (code === 'EISDIR') throw new Error(`cannot read ${path}: it is a directory`);
    throw new Error(`cannot read ${path}: ${code ?? 'read error'}`);
  }
}

/**
 * The files at `paths`, read and decoded to RGB, with `meanwhile` run on this thread while libvips' threads decode
 * them: a command's own start-up (loading OpenCV.js holds this thread ~0.3 s) then overlaps the decoding.
 */
export async function decodedInputs(paths: string[], meanwhile: () => void): Promise<RawImage[]> {
  const files = await Promise.all(paths.map(readInput));
  const decoded = Promise.all(files.map((bytes) => decodeToRaw(bytes)));
  meanwhile();
  return decoded;
}

/** Creates `dir` when needed and writes each named file into it; returns the written paths. */
export async function writeOutputs(
  dir: string,
  files: Record<string, Uint8Array>,
): Promise<Record<string, string>> {
  await mkdir(dir, { recursive: true });
  const written: Record<string, string> = {};
  for (const [name, data] of Object.entries(files)) {
    const path = join(dir, name);
    await writeFile(path, data);
    written[name] = path;
  }
  return written;
}

export function printJson(value: unknown): void {
  stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** parseArgs with strict options and positionals; `count` checks how many positionals a command takes. */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: T,
  count: { min: number; max: number; usage: string },
) {
  const parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  const n = parsed.positionals.length;
  if (n < count.min || n > count.max) throw new Error(`expected ${count.usage}`);
  return parsed;
}

export function requireOption(value: string | undefined, name: string): string {
  if (!value) throw new Error(`missing --${name}`);
  return value;
}

/** A whole number from 1 (to `max` when given), or undefined when the option is absent. */
export function parsePositiveInt(value: string | undefined, name: string, max?: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0 || (max !== undefined && n > max)) {
    throw new Error(`--${name} must be a whole number from 1${max === undefined ? '' : ` to ${max}`}`);
  }
  return n;
}
