// What `npm run cli` runs: the compiled command line (build/cli.mjs), compiled first when it is
// missing or older than its sources (scripts/build-cli.mjs). Checking costs a stat per source
// file (about a hundred, ~1 ms); the compile, when needed, well under a second.
import { BUNDLE, buildCli, cliStale } from './build-cli.mjs';
import { pathToFileURL } from 'node:url';

if (cliStale()) {
  try {
    await buildCli();
  } catch (e) {
    // a source being edited may not compile: say so in one line, not with a stack trace
    process.stderr.write(`cannot compile the command line (src/cli.ts): ${e instanceof Error ? e.message.split('\n')[0] : String(e)}\n`);
    process.exit(70);
  }
}
const { main } = await import(pathToFileURL(BUNDLE).href);
await main(process.argv.slice(2));
