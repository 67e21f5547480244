import { stderr, stdout } from 'node:process';

/** Each command is a module `commands/<name>.ts` exporting `help: string` and `run(argv): Promise<void>`. */
interface CommandModule {
  help: string;
  run(argv: string[]): Promise<void>;
}

const COMMANDS = {
  make: 'make a whole wiggle (animated WebP, GIF or MP4) from a stereo pair',
  align: 'align a stereo pair on one canvas and print the transform',
  interpolate: 'synthesize the 25/50/75 % views between two aligned views',
  ingest: 'write the o (original), p (preview) and t (thumbnail) variants of an upload',
  split: 'split an MPO or side-by-side image into left and right views',
} as const;

const USAGE = `Usage: wiggle <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, text]) => `  ${name.padEnd(12)} ${text}`)
  .join('\n')}

Run 'wiggle <command> --help' for the options of a command.
`;

/** Each command loads on demand, so `--help` never pays for sharp or OpenCV (and the build splits them apart). */
const LOADERS: Record<keyof typeof COMMANDS, () => Promise<CommandModule>> = {
  make: () => import('./commands/make'),
  align: () => import('./commands/align'),
  interpolate: () => import('./commands/interpolate'),
  ingest: () => import('./commands/ingest'),
  split: () => import('./commands/split'),
};

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    stdout.write(USAGE);
    return;
  }
  if (!Object.hasOwn(COMMANDS, name)) throw new Error(`unknown command '${name}' (run 'wiggle --help')`);
  const command = await LOADERS[name as keyof typeof COMMANDS]();
  if (rest.includes('--help') || rest.includes('-h')) {
    stdout.write(command.help.endsWith('\n') ? command.help : `${command.help}\n`);
    return;
  }
  await command.run(rest);
}

/** Users get one line, never a stack trace; WIGGLE_DEBUG=1 shows the stack when we need it. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n').find((line) => line.trim()) ?? 'failed').trim();
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (process.env.WIGGLE_DEBUG) console.error(error);
  stderr.write(`wiggle: ${reasonOf(error)}\n`);
  process.exitCode = 1;
});
