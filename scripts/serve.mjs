#!/usr/bin/env node
// Serves the built PWA (dist/). No dependency. By default on localhost only, a secure context
// where the service worker (offline install) works. `--host` listens on every interface so the
// tablets of the hall can reach a laptop by its LAN address: that plain-http origin is not a
// secure context, so the app runs there without offline install, PIN or signed codes (it says so).
// Usage: node scripts/serve.mjs [--port N] [--dir dist] [--host [ADDRESS]]
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { networkInterfaces } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const root = resolve(arg('--dir', 'dist'));
const wanted = Number(arg('--port', process.env.PORT ?? '4173'));
const hostIndex = args.indexOf('--host');
// `--host` alone means every interface; `--host 192.168.1.10` one of them
const host = hostIndex < 0 ? '127.0.0.1' : args[hostIndex + 1] && !args[hostIndex + 1].startsWith('--') ? args[hostIndex + 1] : '0.0.0.0';

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

/** null for a path that is not valid percent-encoding (e.g. "/%E0%A4%A"): the caller answers 400. */
function decodePath(pathname) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

export function startServer(port = wanted, dir = root, listenOn = host) {
  const server = createServer((req, res) => {
    let url;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return void res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request\n');
    }
    const decoded = decodePath(url.pathname);
    if (decoded === null || decoded.includes('\0')) return void res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request\n');
    const path = normalize(decoded).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, path);
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    // Hashed assets never change; the service worker and the page must always be revalidated
    // or an update would never be seen.
    const immutable = file.includes(`${join(dir, 'assets')}`);
    res.writeHead(200, { 'content-type': type, 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache' });
    const stream = createReadStream(file);
    // a file removed between the check and the read must not take the server down
    stream.on('error', () => {
      if (!res.headersSent) res.writeHead(404);
      res.end();
    });
    stream.pipe(res);
  });
  // a malformed request line is the client's problem, never a crash
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return new Promise((resolvePromise, reject) => {
    const tryListen = (p, attempts) => {
      server.once('error', (err) => {
        if (err.code === 'EADDRINUSE' && attempts > 0) tryListen(p + 1, attempts - 1);
        else reject(err);
      });
      server.listen(p, listenOn, () => resolvePromise({ server, port: p }));
    };
    tryListen(port, 20);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { port } = await startServer();
  if (host === '127.0.0.1') console.log(`Tournoi is served at http://localhost:${port}/  (Ctrl+C to stop)`);
  else {
    const addresses = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && a.family === 'IPv4' && !a.internal)
      .map((a) => `http://${a.address}:${port}/`);
    console.log(`Tournoi is served on the network at ${addresses.join(', ') || `port ${port}`}  (Ctrl+C to stop)`);
    console.log('Plain http on a LAN address is not a secure context: no offline install there, no PIN lock, no signed result codes.');
    console.log('HTTP simple sur une adresse du réseau n’est pas un contexte sécurisé : pas d’installation hors ligne, pas de code PIN, pas de codes de résultat signés.');
  }
}
