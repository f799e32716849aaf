// Draws the app icons (a clock face on a dark field) straight into PNG with zlib, so the icons
// are reproducible from this file without an image tool. Run: node scripts/make-icons.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};

function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b] = pixel(x / size, y / size);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = 255;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const BG = [16, 21, 28];
const GOLD = [244, 185, 66];
const FACE = [236, 240, 245];
function distToSegment(px, py, ax, ay, bx, by) {
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}
// `scale` shrinks the drawing for the maskable icon, whose outer 20% may be cropped.
const clock = (scale) => (u, v) => {
  const x = (u - 0.5) / scale,
    y = (v - 0.5) / scale;
  const r = Math.hypot(x, y);
  if (r > 0.42) return BG;
  if (r > 0.36) return GOLD;
  if (distToSegment(x, y, 0, 0, 0, -0.26) < 0.035) return BG;
  if (distToSegment(x, y, 0, 0, 0.19, 0.06) < 0.035) return BG;
  if (r < 0.05) return GOLD;
  return FACE;
};

writeFileSync('public/icons/icon-192.png', png(192, clock(1)));
writeFileSync('public/icons/icon-512.png', png(512, clock(1)));
writeFileSync('public/icons/maskable-512.png', png(512, clock(0.75)));
writeFileSync('public/apple-touch-icon.png', png(180, clock(0.9)));
console.log('icons written');
