// What `npm run cli` runs: the compiled command line (build/cli.mjs), compiled first when it is
// missing or older than its sources (scripts/build-cli.mjs). Checking costs a stat per source
// file (about a hundred, ~1 ms); the compile, when needed, well under a second.
import { BUNDLE, buildCli, cliStale } from './build-cli.mjs';
import { pathToFileURL } from 'node:url';

if (cliStale()) await buildCli();
const { main } = await import(pathToFileURL(BUNDLE).href);
await main(process.argv.slice(2));
