// Entry of the command line (npm run -s cli -- ...): wires Node's process to runCli, which holds
// all the logic so tests can run it in-process. Exit codes are set, never forced with
// process.exit, so a large JSON output is fully flushed to a pipe first.
import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { EXIT, runCli, type CliIo } from './cli/run';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export const nodeIo: CliIo = {
  readFile: (path) => readFile(path, 'utf8'),
  stdin: readStdin,
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  env: process.env,
};

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  // `cli standings x.json | head` closes the pipe early: that is the reader's choice, not a crash
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') process.stderr.write(`internal error: ${e.message}\n`);
  });
  try {
    process.exitCode = await runCli(argv, nodeIo);
  } catch (e) {
    process.stderr.write(`internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = EXIT.internal;
  }
}

function isEntry(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) void main();
