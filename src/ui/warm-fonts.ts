// The first layout of a screen pays, for each font size and weight it is the first to use, the
// font's lookup and every glyph's metrics at that size (Chromium on Linux: fontconfig and FreeType;
// measured at 1-11 ms of CPU per new pair for one line of text with the CPU slowed 4x, and most of
// the first opening of Rounds or Standings on a cheap tablet, issue 23). Screens opened later
// should find them ready: once the first screen is usable, the sizes and weights the style sheets
// name are laid out off screen, one pair at a time in the page's idle periods, each turn well
// under a long task, then the probe is removed. Nothing here is visible or read by assistive
// technology, and a tap or a render always comes first (idle callbacks run only when nothing waits).

/**
 * the glyphs the screens show: French and English text, digits, the typography's marks, and the
 * symbols of the buttons and states, whose first use at a size also looks for a font that has them
 * (emoji: a fallback font, or none, on many systems)
 */
const GLYPHS = Array.from('AaBbCcDdEeFfGgHhIiJjKkLlMmNnOoPpQqRrSsTtUuVvWwXxYyZz 0123456789 éèêëàâäçîïôöûùüÿœæÉÈÊÀÂÇÎÔŒ «»’‘“”–—−…:;!?.,·()[]/#%+×=@&°→←↑↓↶⤓›✓✕✗≤≈½ᵉ⚠⚔⚙⏱🎲🖨📽🔒');

/** one turn's work before giving the thread back (ms, on the page's clock) */
const TURN_MS = 8;

/** the glyphs are measured a slice at a time: one size's whole set took up to 30 ms with the CPU slowed 4x on a loaded machine */
const SLICES = 4;

type Pair = { size: string; weight: string; mono: boolean; text: string };

/** every font-size / font-weight a rule of the page's style sheets names, in media that apply now */
function namedFonts(): { sizes: Set<string>; weights: Set<string>; monoSizes: Set<string> } {
  const sizes = new Set<string>(['1rem']);
  const weights = new Set<string>(['400', '700']);
  const monoSizes = new Set<string>();
  const visit = (rules: CSSRuleList): void => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule) {
        const { fontSize, fontWeight, fontFamily } = rule.style;
        // a size relative to its parent's (em, %) or its container's (cq*) depends on where it is
        // used: not guessed
        if (fontSize && !/^(inherit|unset|initial)$|(?<!r)em$|%$|cq/.test(fontSize)) (fontFamily.includes('monospace') ? monoSizes : sizes).add(fontSize);
        if (/^\d+$/.test(fontWeight)) weights.add(fontWeight);
        if (fontFamily.includes('monospace') && !fontSize) monoSizes.add('1rem');
      } else if (rule instanceof CSSMediaRule) {
        if (typeof matchMedia === 'function' && matchMedia(rule.media.mediaText).matches) visit(rule.cssRules);
      } else if ('cssRules' in rule) {
        // @supports, @container, @layer: their rules may apply
        visit((rule as CSSGroupingRule).cssRules);
      }
    }
  };
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      visit(sheet.cssRules);
    } catch {
      // a sheet from another origin cannot be read: nothing of ours
    }
  }
  return { sizes, weights, monoSizes };
}

/** the lines to lay out: each named size in each weight, the glyphs split in SLICES */
export function fontLines(): Pair[] {
  const { sizes, weights, monoSizes } = namedFonts();
  const out: Pair[] = [];
  const step = Math.ceil(GLYPHS.length / SLICES);
  const texts = Array.from({ length: SLICES }, (_, i) => GLYPHS.slice(i * step, (i + 1) * step).join(''));
  for (const text of texts) {
    for (const size of sizes) for (const weight of weights) out.push({ size, weight, mono: false, text });
    for (const size of monoSizes) for (const weight of weights) out.push({ size, weight, mono: true, text });
  }
  // taken from the end: the first rules' sizes (the scale, the shared controls) first
  return out.reverse();
}

type Idle = (cb: (deadline: { timeRemaining: () => number }) => void) => void;
const onIdle: Idle =
  typeof requestIdleCallback === 'function'
    ? (cb) => void requestIdleCallback(cb)
    : // Safari: no idle callbacks; a pause between turns leaves room for input and frames
      (cb) => void setTimeout(() => cb({ timeRemaining: () => TURN_MS }), 100);

let started = false;

/** Starts warming the fonts in idle time (once per page). `done` is called with the number of lines laid out once all were. */
export function warmFontsWhenIdle(done?: (count: number) => void): void {
  if (started || typeof document === 'undefined') return;
  started = true;
  let todo: Pair[] | null = null;
  let probe: HTMLElement | null = null;
  let count = 0;
  const turn = (deadline: { timeRemaining: () => number }): void => {
    const end = performance.now() + Math.min(TURN_MS, deadline.timeRemaining());
    if (!todo) {
      todo = fontLines();
      probe = document.createElement('div');
      probe.setAttribute('aria-hidden', 'true');
      // laid out (so shaped and measured) but never seen, and its own layout root: placing a line
      // in it does not lay the page out again
      probe.style.cssText = 'position:fixed;left:0;top:0;width:1px;height:1px;overflow:hidden;contain:strict;visibility:hidden;pointer-events:none;white-space:nowrap';
      document.body.append(probe);
      onIdle(turn);
      return;
    }
    while (todo.length > 0 && performance.now() < end) {
      const { size, weight, mono, text } = todo.pop()!;
      const line = document.createElement('span');
      line.textContent = text;
      line.style.fontSize = size;
      line.style.fontWeight = weight;
      if (mono) line.style.fontFamily = 'ui-monospace, monospace';
      probe!.append(line);
      // a read of its size lays it out now, in this turn
      void line.offsetWidth;
      line.remove();
      count++;
    }
    if (todo.length > 0) onIdle(turn);
    else {
      probe!.remove();
      done?.(count);
    }
  };
  onIdle(turn);
}
