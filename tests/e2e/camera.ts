// A fake camera for Chromium: a Y4M file it reads frame after frame, which a test rewrites with
// what is held up to it (a QR from another page's screenshot, fitted on a 640x480 frame).
import { closeSync, existsSync, openSync, writeFileSync, writeSync } from 'node:fs';
import jsQR from 'jsqr';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const W = 640;
export const H = 480;

/** Chromium's flags for a camera fed from `file`, permission granted. */
export const cameraFlags = (file: string): string[] => ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`];

/** A still frame for Chromium's file camera: 4:2:0 planes, grey chroma. Rewritten in place, the running camera reads the new frame. */
export function writeY4m(path: string, rgba: Uint8Array): void {
  const y = Buffer.alloc(W * H);
  for (let i = 0; i < W * H; i++) y[i] = Math.round(16 + (219 * (0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!)) / 255);
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const bytes = Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), y, chroma, chroma]);
  if (!existsSync(path)) return writeFileSync(path, bytes);
  // in place, never truncated: the running camera reads this file frame after frame, and an
  // empty file met between a truncation and the write would end its stream
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, bytes, 0, bytes.length, 0);
  } finally {
    closeSync(fd);
  }
}

/** A white frame: nothing in front of the camera. */
export const blankFrame = (file: string): void => writeY4m(file, new Uint8Array(W * H * 4).fill(255));

/**
 * How a QR is held up to the camera: `half`, a phone at arm's length (its QR about half the
 * frame's height, as a desk sees it); `fill`, a screen held close (the whole frame but a 20 px
 * margin, drawn without smoothing: the table-mode tests' device to device).
 */
export type Hold = 'half' | 'fill';

/** Pixels of a PNG, drawn by the page itself (no PNG decoder in Node): as they are (`hold` null), or fitted on a 640x480 camera frame. */
export async function pixels(page: Page, png: Buffer, hold: Hold | null): Promise<{ data: Uint8Array; width: number; height: number }> {
  const r = await page.evaluate(
    async ({ b64, hold, W, H }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = hold ? W : img.width;
      c.height = hold ? H : img.height;
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, c.width, c.height);
      const s = hold === 'half' ? Math.min(W / 2 / img.width, H / 2 / img.height) : hold === 'fill' ? Math.min((W - 40) / img.width, (H - 40) / img.height) : 1;
      if (hold === 'fill') ctx.imageSmoothingEnabled = false;
      ctx.drawImage(img, (c.width - img.width * s) / 2, (c.height - img.height * s) / 2, img.width * s, img.height * s);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let bin = '';
      for (let i = 0; i < d.length; i += 0x8000) bin += String.fromCharCode(...d.subarray(i, i + 0x8000));
      return { b64: btoa(bin), width: c.width, height: c.height };
    },
    { b64: png.toString('base64'), hold, W, H },
  );
  return { data: new Uint8Array(Buffer.from(r.b64, 'base64')), width: r.width, height: r.height };
}

/** The text of a QR in a screenshot, read with jsQR (the test's own eyes, not a camera); null when none is read. */
async function decodeQr(page: Page, png: Buffer): Promise<string | null> {
  const flat = await pixels(page, png, null);
  return jsQR(new Uint8ClampedArray(flat.data), flat.width, flat.height)?.data ?? null;
}

/**
 * The text of a QR on a screen. A slip's QR is drawn again when its ticket is issued again (the
 * event changed under the desk, e.g. by sync): a screenshot taken across the swap reads nothing,
 * so it is taken again until one reads, for as long as a step may take.
 */
export async function readQr(page: Page, qr: Locator): Promise<string> {
  let text: string | null = null;
  await expect
    .poll(
      async () => {
        const png = await stillShot(qr);
        return (text = png && (await decodeQr(page, png)));
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  return text!;
}

/** Where an element is in the document (not the viewport: the screenshot may scroll it into view). */
const placeOf = (el: Locator): Promise<string> =>
  el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return [r.left + scrollX, r.top + scrollY, r.width, r.height].join();
  });

/**
 * A screenshot of `el`, or null when it moved while being taken: a list reflowing under the
 * capture (the desk drops a received table's slip a moment after its line appears) puts the
 * neighbour's QR where this one was measured, on a busy machine.
 */
async function stillShot(el: Locator): Promise<Buffer | null> {
  const before = await placeOf(el);
  const png = await el.screenshot();
  return (await placeOf(el)) === before ? png : null;
}

/** A QR on one device, read here with jsQR and held up to the camera fed from `camera`; its text. */
export async function showToCamera(page: Page, qr: Locator, camera: string, hold: Hold): Promise<string> {
  const png = await qr.screenshot();
  const text = await decodeQr(page, png);
  expect(text).not.toBeNull();
  writeY4m(camera, (await pixels(page, png, hold)).data);
  return text!;
}
