// QR codes in and out. Out: qrcode-generator's module matrix, drawn as one SVG path (crisp at
// any size, nothing to download). In: the camera, read by the browser's BarcodeDetector where it
// has one (Android, macOS, ChromeOS) and otherwise by jsQR on downscaled canvas frames; jsQR is
// loaded only when a scan starts, so the app's first screen never pays for it.
import qrcode from 'qrcode-generator';

/** Characters of the QR alphanumeric mode: result codes fit, and make a much smaller QR. */
const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]+$/;

export interface QrMatrix {
  size: number;
  /** SVG path of the dark modules, one unit per module, no quiet zone */
  path: string;
}

export type QrEcc = 'L' | 'M' | 'Q' | 'H';

function made(text: string, version: number, ecc: QrEcc): ReturnType<typeof qrcode> {
  const qr = qrcode(version as Parameters<typeof qrcode>[0], ecc);
  qr.addData(text, ALPHANUMERIC.test(text) ? 'Alphanumeric' : 'Byte');
  qr.make();
  return qr;
}

/**
 * `auto`: the fewest modules (the smallest version that carries the text at L), then the
 * strongest error correction that still fits that version: a camera at arm's length needs big
 * modules first, and a smudged or glaring screen is read back by the correction.
 */
export function qrCode(text: string, ecc: QrEcc | 'auto' = 'M'): { version: number; ecc: QrEcc; qr: ReturnType<typeof qrcode> } {
  if (ecc !== 'auto') {
    const qr = made(text, 0, ecc);
    return { version: (qr.getModuleCount() - 17) / 4, ecc, qr };
  }
  const smallest = made(text, 0, 'L');
  const version = (smallest.getModuleCount() - 17) / 4;
  for (const level of ['H', 'Q', 'M'] as const) {
    try {
      return { version, ecc: level, qr: made(text, version, level) };
    } catch {
      // does not fit this version at this level: a weaker one
    }
  }
  return { version, ecc: 'L', qr: smallest };
}

export function qrMatrix(text: string, ecc: QrEcc | 'auto' = 'M'): QrMatrix {
  const { qr } = qrCode(text, ecc);
  const size = qr.getModuleCount();
  let path = '';
  for (let r = 0; r < size; r++) {
    let c = 0;
    while (c < size) {
      if (!qr.isDark(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < size && qr.isDark(r, c)) c++;
      path += `M${start} ${r}h${c - start}v1h${start - c}z`;
    }
  }
  return { size, path };
}

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (opts: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

type Detect = (video: HTMLVideoElement) => Promise<string | null>;

async function nativeDetector(): Promise<Detect | null> {
  const Ctor = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Ctor) return null;
  try {
    if (!(await Ctor.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Ctor({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

/** jsQR on a canvas copy of the frame, at most 720 px wide: enough for a QR filling the view. */
async function jsqrDetector(): Promise<Detect> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!ctx || video.videoWidth === 0) return null;
    const scale = Math.min(1, 720 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(img.data, img.width, img.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}

export type ScannerFailure = 'no-camera' | 'denied' | 'error';

export class ScannerError extends Error {
  constructor(readonly reason: ScannerFailure) {
    super(reason);
  }
}

export interface QrScanner {
  engine: 'native' | 'jsqr';
  stop: () => void;
}

/**
 * Streams the back camera into `video` and calls `onText` with each QR read (the caller decides
 * what a repeat means). Rejects with a ScannerError when there is no camera or no permission.
 */
export async function startQrScanner(video: HTMLVideoElement, onText: (text: string) => void, everyMs = 150): Promise<QrScanner> {
  if (!navigator.mediaDevices?.getUserMedia) throw new ScannerError('no-camera');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  } catch (err) {
    const name = (err as { name?: string }).name;
    throw new ScannerError(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : name === 'NotFoundError' || name === 'OverconstrainedError' ? 'no-camera' : 'error');
  }
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = (): void => {
    stopped = true;
    clearTimeout(timer);
    stream.getTracks().forEach((t) => t.stop());
    video.srcObject = null;
  };
  try {
    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    await video.play();
    const native = await nativeDetector();
    const detect = native ?? (await jsqrDetector());
    const loop = async (): Promise<void> => {
      if (stopped) return;
      try {
        const text = await detect(video);
        if (text && !stopped) onText(text);
      } catch {
        // a frame that could not be read (video resizing, tab hidden): try the next one
      }
      if (!stopped) timer = setTimeout(() => void loop(), everyMs);
    };
    void loop();
    return { engine: native ? 'native' : 'jsqr', stop };
  } catch (err) {
    stop();
    throw err instanceof ScannerError ? err : new ScannerError('error');
  }
}
