// Runs the command line in-process against an in-memory file system.
import { runCli, type CliIo } from '../../src/cli/run';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface FakeIoOptions {
  stdin?: string;
  env?: Record<string, string>;
  /** the "random" seed handed out when --seed is absent */
  seed?: number;
}

export function fakeIo(files: Record<string, string> = {}, options: FakeIoOptions = {}): { io: CliIo; out: { stdout: string; stderr: string } } {
  const out = { stdout: '', stderr: '' };
  const io: CliIo = {
    readFile: async (path) => {
      const text = files[path];
      if (text !== undefined) return text;
      if (path.endsWith('/')) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read`), { code: 'EISDIR' });
      throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
    },
    stdin: async () => options.stdin ?? '',
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    env: options.env ?? {},
    randomSeed: () => options.seed ?? 424242,
  };
  return { io, out };
}

export async function cli(argv: string[], files: Record<string, string> = {}, options: FakeIoOptions = {}): Promise<CliRun> {
  const { io, out } = fakeIo(files, options);
  const code = await runCli(argv, io);
  return { code, ...out };
}

/** stderr lines, without the trailing empty one */
export const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');
