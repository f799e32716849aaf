// Entry of the command line (npm run -s cli -- ...): wires Node's process to runCli, which holds
// all the logic so tests can run it in-process. Exit codes are set, never forced with
// process.exit, so a large JSON output is fully flushed to a pipe first.
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EXIT, runCli, type CliIo } from './cli/run';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

// Messages to standard error are gathered and written in blocks: a file with thousands of
// warnings (one per player) otherwise makes thousands of synchronous writes, a fifth of a
// 4,096-player `pair` (issue 23). flushStderr runs before any standard output and at the end, so
// the two streams keep their order.
let stderrBuffer = '';
function flushStderr(): void {
  if (stderrBuffer === '') return;
  process.stderr.write(stderrBuffer);
  stderrBuffer = '';
}

export const nodeIo: CliIo = {
  // read at once: nothing else runs meanwhile, and fs/promises decodes a large file chunk by
  // chunk into a string JSON.parse must flatten again
  readFile: async (path) => readFileSync(path, 'utf8'),
  stdin: readStdin,
  stdout: (text) => {
    flushStderr();
    process.stdout.write(text);
  },
  stderr: (text) => {
    stderrBuffer += text;
    if (stderrBuffer.length > 1 << 16) flushStderr();
  },
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
    flushStderr();
    process.stderr.write(`internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = EXIT.internal;
  } finally {
    flushStderr();
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
