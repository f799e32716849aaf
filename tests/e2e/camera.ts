// A fake camera for Chromium: a Y4M file it reads frame after frame, which a test rewrites with
// what is held up to it (a QR from another page's screenshot, fitted on a 640x480 frame).
import { closeSync, existsSync, openSync, writeFileSync, writeSync } from 'node:fs';
import type { Page } from 'playwright-core';

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

/** Pixels of a PNG, drawn by the page itself; `frame`: fitted on a 640x480 camera frame. */
export async function pixels(page: Page, png: Buffer, frame: boolean): Promise<{ data: Uint8Array; width: number; height: number }> {
  const r = await page.evaluate(
    async ({ b64, frame, W, H }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = frame ? W : img.width;
      c.height = frame ? H : img.height;
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, c.width, c.height);
      // the phone held up at arm's length: its QR fills about half the frame's height
      const s = frame ? Math.min(W / 2 / img.width, H / 2 / img.height) : 1;
      ctx.drawImage(img, (c.width - img.width * s) / 2, (c.height - img.height * s) / 2, img.width * s, img.height * s);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let bin = '';
      for (let i = 0; i < d.length; i += 0x8000) bin += String.fromCharCode(...d.subarray(i, i + 0x8000));
      return { b64: btoa(bin), width: c.width, height: c.height };
    },
    { b64: png.toString('base64'), frame, W, H },
  );
  return { data: new Uint8Array(Buffer.from(r.b64, 'base64')), width: r.width, height: r.height };
}
