// A QR as a tablet camera sees it (issue 20): the code with its 4-module quiet zone, on a grey
// background, at a given width in pixels of a 640x480 frame, each pixel the average of the area
// it covers (a lens does not snap to modules), softened by a 3x3 blur and with a screen's
// contrast through a camera (black reads 40, white 215). Then jsQR reads it, as the app does on a
// device without BarcodeDetector. Shared by the bench and the unit test, so both say the same.
import jsQR from 'jsqr';
import { qrCode, type QrEcc } from '../src/platform/qr';

export const FRAME = { width: 640, height: 480 } as const;

/**
 * Where a QR shown on a screen lands in the frame: `qrCm` wide, `distanceCm` from a camera of
 * `fovDeg` horizontal field of view (a tablet's back camera: about 65°).
 */
export function pixelsAcross(qrCm: number, distanceCm: number, fovDeg = 65): number {
  const seen = 2 * distanceCm * Math.tan(((fovDeg / 2) * Math.PI) / 180);
  return (qrCm / seen) * FRAME.width;
}

/** The QR of `text` drawn `px` pixels wide (quiet zone included) in a grey 640x480 RGBA frame. */
export function cameraFrame(text: string, px: number, ecc: QrEcc | 'auto' = 'auto'): Uint8ClampedArray {
  const { qr } = qrCode(text, ecc);
  const n = qr.getModuleCount();
  const box = n + 8;
  const { width: W, height: H } = FRAME;
  const lum = new Float32Array(W * H).fill(128);
  const x0 = (W - px) / 2;
  const y0 = (H - px) / 2;
  const step = px / box;
  const dark = (mx: number, my: number): boolean => mx >= 4 && my >= 4 && mx < n + 4 && my < n + 4 && qr.isDark(my - 4, mx - 4);
  const SUB = 4;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(H, Math.ceil(y0 + px)); y++)
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(W, Math.ceil(x0 + px)); x++) {
      // the pixel's area, sampled 4x4: inside the code it is modules, outside the background
      let sum = 0;
      for (let sy = 0; sy < SUB; sy++)
        for (let sx = 0; sx < SUB; sx++) {
          const fx = (x + (sx + 0.5) / SUB - x0) / step;
          const fy = (y + (sy + 0.5) / SUB - y0) / step;
          sum += fx < 0 || fy < 0 || fx >= box || fy >= box ? 128 : dark(Math.floor(fx), Math.floor(fy)) ? 40 : 215;
        }
      lum[y * W + x] = sum / (SUB * SUB);
    }
  const out = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let s = 0;
      let c = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy < 0 || xx < 0 || yy >= H || xx >= W) continue;
          s += lum[yy * W + xx]!;
          c++;
        }
      const v = s / c;
      out.set([v, v, v, 255], (y * W + x) * 4);
    }
  return out;
}

/** What jsQR reads from the frame, or null. */
export function readFrame(frame: Uint8ClampedArray): string | null {
  return jsQR(frame, FRAME.width, FRAME.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** The QR's version and size, and the smallest width (px, in 640x480) at which the frame still reads back `text`. */
export function qrReadability(text: string, ecc: QrEcc | 'auto' = 'auto'): { version: number; ecc: QrEcc; modules: number; smallestPx: number | null } {
  const { version, ecc: level, qr } = qrCode(text, ecc);
  const modules = qr.getModuleCount();
  let smallest: number | null = null;
  for (let px = 460; px >= 40; px -= 10) {
    if (readFrame(cameraFrame(text, px, ecc)) !== text) break;
    smallest = px;
  }
  return { version, ecc: level, modules, smallestPx: smallest };
}
