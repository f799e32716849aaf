// @vitest-environment jsdom
// The font warm-up (issue 23): it lays out every size and weight the style sheets name, in the
// media that apply, skips the sizes that depend on where they are used, works in idle turns and
// leaves nothing in the page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fontLines, warmFontsWhenIdle } from '../../src/ui/warm-fonts';

const style = (css: string): HTMLStyleElement => {
  const el = document.createElement('style');
  el.textContent = css;
  document.head.append(el);
  return el;
};

afterEach(() => {
  document.head.innerHTML = '';
  vi.useRealTimers();
});

describe('font warm-up', () => {
  it('takes each named size in each named weight, not em, %, container or print sizes', () => {
    style(`
      :root { --fs-l: 1.2rem; }
      h1 { font-size: var(--fs-l); font-weight: 700; }
      .a { font-size: 0.8rem; }
      .b { font-size: 0.85em; }
      .c { font-size: 120%; }
      .d { font-size: clamp(1rem, 8cqw, 2rem); }
      .e { font-size: inherit; font-weight: 900; }
      .f { font-family: ui-monospace, monospace; font-size: 1.4rem; }
      @media print { .g { font-size: 9pt; } }
    `);
    const lines = fontLines();
    const named = new Set(lines.map((l) => `${l.mono ? 'mono ' : ''}${l.size} ${l.weight}`));
    expect([...named].sort()).toEqual(
      [
        '1rem 400',
        '1rem 700',
        '1rem 900',
        'var(--fs-l) 400',
        'var(--fs-l) 700',
        'var(--fs-l) 900',
        '0.8rem 400',
        '0.8rem 700',
        '0.8rem 900',
        'mono 1.4rem 400',
        'mono 1.4rem 700',
        'mono 1.4rem 900',
      ].sort(),
    );
    // every glyph once per size and weight, emoji whole (not split between two lines)
    const forOne = lines.filter((l) => !l.mono && l.size === '1rem' && l.weight === '400').map((l) => l.text);
    expect(forOne.join('')).toContain('🎲');
    expect(forOne.join('')).toContain('é');
    expect(forOne.every((t) => !/[\uD800-\uDBFF]$/.test(t))).toBe(true);
  });

  it('lays every line out in idle turns, then removes its probe', async () => {
    vi.useFakeTimers();
    style('.a { font-size: 0.8rem; font-weight: 700; }');
    const before = document.body.childElementCount;
    const expected = fontLines().length;
    let count = -1;
    warmFontsWhenIdle((n) => (count = n));
    // the first turn only reads the style sheets and places the probe
    await vi.advanceTimersByTimeAsync(100);
    expect(document.body.querySelector('[aria-hidden="true"]')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(100 * (expected + 2));
    expect(count).toBe(expected);
    expect(document.body.childElementCount).toBe(before);
  });
});
