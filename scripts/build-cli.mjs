// Compiles the command line (src/cli.ts and everything it imports) into one ES module,
// build/cli.mjs, so a run starts in Node directly instead of loading TypeScript through tsx at
// each start (about 0.7 s of CPU before anything useful, issue 23). `npm run build` calls it;
// scripts/cli.mjs (what `npm run cli` runs) calls it when the bundle is missing or older than
// one of its sources, so a fresh `npm install` needs no install script.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE = join(ROOT, 'build', 'cli.mjs');
/** the sources the bundle was made from (relative paths), to tell when it is stale */
export const INPUTS = join(ROOT, 'build', 'cli.inputs.json');

export async function buildCli() {
  const { build } = await import('esbuild');
  mkdirSync(dirname(BUNDLE), { recursive: true });
  const res = await build({
    entryPoints: [join(ROOT, 'src', 'cli.ts')],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    metafile: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    // the sources keep their own comments; the bundle need not
    legalComments: 'none',
    // smaller to parse at each start (the source map keeps the names)
    minify: true,
    // written below through a temporary file and a rename: several runs may build at once (the
    // cli tests start processes in parallel) and none may import a half-written bundle
    write: false,
  });
  for (const f of res.outputFiles) {
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    renameSync(tmp, f.path);
  }
  const inputs = Object.keys(res.metafile.inputs).map((p) => relative(ROOT, join(ROOT, p)));
  const tmp = `${INPUTS}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(inputs.concat(['package.json', 'scripts/build-cli.mjs'])));
  renameSync(tmp, INPUTS);
}

/** true when build/cli.mjs is missing or older than any source it was built from */
export function cliStale() {
  let built;
  try {
    built = statSync(BUNDLE).mtimeMs;
  } catch {
    return true;
  }
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(INPUTS, 'utf8'));
  } catch {
    return true;
  }
  for (const p of inputs) {
    try {
      if (statSync(join(ROOT, p)).mtimeMs > built) return true;
    } catch {
      // a source was deleted or renamed: the import graph changed
      return true;
    }
  }
  return false;
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await buildCli();
