#!/usr/bin/env node
// Serves the built PWA (dist/) on localhost. No dependency: a service worker needs only a
// secure context, which localhost is. Usage: node scripts/serve.mjs [--port N] [--dir dist]
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const root = resolve(arg('--dir', 'dist'));
const wanted = Number(arg('--port', process.env.PORT ?? '4173'));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

if (!existsSync(join(root, 'index.html'))) {
  console.error(`No build in ${root}: run "npm run build" first (or "npm start", which builds).`);
  process.exit(1);
}

export function startServer(port = wanted, dir = root) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, path);
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    // Hashed assets never change; the service worker and the page must always be revalidated
    // or an update would never be seen.
    const immutable = file.includes(`${join(dir, 'assets')}`);
    res.writeHead(200, { 'content-type': type, 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolvePromise, reject) => {
    const tryListen = (p, attempts) => {
      server.once('error', (err) => {
        if (err.code === 'EADDRINUSE' && attempts > 0) tryListen(p + 1, attempts - 1);
        else reject(err);
      });
      server.listen(p, '127.0.0.1', () => resolvePromise({ server, port: p }));
    };
    tryListen(port, 20);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { port } = await startServer();
  console.log(`Tournoi is served at http://localhost:${port}/  (Ctrl+C to stop)`);
}
