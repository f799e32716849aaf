import { slugify } from '../../files';
// The map as an image file for players who are not at the table: the live SVG, cloned, framed on
// the whole map and stripped of the current selection; PNG through a canvas for messaging apps
// that do not show SVG.
import type { Box } from './hex-layout';

export function mapSvgText(svg: SVGSVGElement, bounds: Box, title: string): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  for (const el of Array.from(clone.querySelectorAll('[data-mark]'))) el.remove();
  // what only the live screen needs (taps, focus, screen readers) stays out of the file
  for (const el of [clone, ...Array.from(clone.querySelectorAll('[role], [tabindex], [aria-label], [style]'))]) {
    for (const attr of ['class', 'role', 'tabindex', 'aria-label', 'style']) el.removeAttribute(attr);
  }
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('viewBox', `${bounds.x} ${bounds.y} ${bounds.w} ${bounds.h}`);
  clone.setAttribute('width', String(Math.round(bounds.w)));
  clone.setAttribute('height', String(Math.round(bounds.h)));
  const background = clone.querySelector('[data-export="background"]');
  background?.setAttribute('x', String(bounds.x));
  background?.setAttribute('y', String(bounds.y));
  background?.setAttribute('width', String(bounds.w));
  background?.setAttribute('height', String(bounds.h));
  const t = document.createElementNS('http://www.w3.org/2000/svg', 'title');
  t.textContent = title;
  clone.insertBefore(t, clone.firstChild);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}`;
}

export async function svgToPng(text: string, width: number, height: number, scale = 2): Promise<Blob> {
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d unavailable');
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
}

export function slug(name: string): string {
  return slugify(name, 'campagne');
}
