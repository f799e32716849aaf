// A table that renders only the rows in view (plus a margin) inside its own scroll box: 4,096
// rows as ~40 DOM rows, with spacer rows keeping the scrollbar true. Rows are best one line of a
// fixed height (the CSS keeps them so); the rows on screen are measured, so a font size or a
// wrapped name only makes the scrollbar approximate. Printing
// renders every row: the paper has no scroll box. Written here rather than taken from a library:
// the whole need is this page of code, and a table (thead, spacers as rows) is what the
// libraries' div-based lists do not give.
import { options, type ComponentChildren, type RefObject, type VNode } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

/** True while the page is being printed (window.print(), Ctrl+P): lists then render every row. */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    // window.print() lays the page out for paper as soon as this event's listeners return, with
    // the caller still on the stack: Preact's usual render (a microtask) would come too late and
    // print only the rows on screen. So this one render is done synchronously.
    const on = (): void => {
      const before = options.debounceRendering;
      options.debounceRendering = (render) => render();
      try {
        setPrinting(true);
      } finally {
        options.debounceRendering = before;
      }
    };
    const off = (): void => setPrinting(false);
    window.addEventListener('beforeprint', on);
    window.addEventListener('afterprint', off);
    return () => {
      window.removeEventListener('beforeprint', on);
      window.removeEventListener('afterprint', off);
    };
  }, []);
  return printing;
}

interface Props<T> {
  items: readonly T[];
  row: (item: T, index: number) => VNode;
  /** one row's height in px, as the CSS sets it; the first row on screen is measured to correct it */
  rowHeight: number;
  head?: ComponentChildren;
  tableClass: string;
  testId?: string;
  /** the scroll box's class (its height comes from the CSS) */
  scrollClass?: string;
  scrollRef?: RefObject<HTMLDivElement | null>;
  /** rows rendered beyond each edge of the view */
  overscan?: number;
  /** a change (a new search) scrolls back to the top */
  resetKey?: unknown;
  /**
   * A new list (the first render, a new `resetKey`) is drawn this many rows at a time, one step
   * per frame: each step's task and the frame that lays it out stay short on a slow tablet,
   * where a screenful of rich rows is 100 ms of script and layout. Unset: all at once.
   */
  growBy?: number;
  /**
   * With growBy: the first render draws the head only, its first rows come after the screen's
   * first frame (a tab whose own render and layout are most of a slow tablet's frame already).
   */
  rowsAfterFirstFrame?: boolean;
  label?: string;
  /** where to start (a list coming back after a panel closed: its row is there to take the focus back) */
  initialScroll?: number;
  onScrollTop?: (top: number) => void;
}

/** Rows shown for a scroll position: the window [start, end) of `count` rows. */
/**
 * A list this short is rendered whole: a club's evening (up to 40 players) scrolls as plain rows,
 * found by the browser's search and read whole by a screen reader; longer lists are windowed.
 * Not more: on a tablet 4x slower than a laptop, 85 players' rows (a search in a 512-player
 * event) took a quarter of a second to draw and lay out, the window's ~15 rows a fifth of that.
 */
export const WHOLE_LIST = 40;

export function rowWindow(count: number, scrollTop: number, viewport: number, rowHeight: number, overscan: number): { start: number; end: number } {
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  return { start: Math.min(start, end), end };
}

// the mean of the rows on screen: a row that wraps (a long name at 768 px) makes no gap appear.
// Read when the browser has laid the rows out anyway (a ResizeObserver's turn, after layout),
// never from a render's effect: that forced a layout of the whole page inside the render's
// task, twice the longest task on a slow tablet. The spacers' heights follow the estimate, so
// a window that moves at a new estimate resizes the body and is measured again.
function useMeanRowHeight(body: { current: HTMLTableSectionElement | null }, rowHeight: number, corrections: { current: number }): number {
  const [measured, setMeasured] = useState(rowHeight);
  const estimate = useRef(measured);
  estimate.current = measured;
  useEffect(() => {
    const tbody = body.current;
    if (!tbody || typeof ResizeObserver === 'undefined') return;
    const measure = (): void => {
      const shown = tbody.querySelectorAll<HTMLElement>('tr:not(.vspacer)');
      let sum = 0;
      for (const tr of shown) sum += tr.getBoundingClientRect().height;
      const h = shown.length ? sum / shown.length : 0;
      if (h > 0 && Math.abs(h - estimate.current) > 0.5 && corrections.current < 4) {
        corrections.current += 1;
        setMeasured(h);
      }
    };
    const seen = new ResizeObserver(measure);
    seen.observe(tbody.closest('table') ?? tbody);
    return () => seen.disconnect();
  }, []);
  return measured;
}

/**
 * The scroll box's height, as it may grow to: read on mount and on each window resize (which
 * also lets the row height be measured again).
 */
function useViewport(box: RefObject<HTMLDivElement | null>, corrections: { current: number }): number {
  const [viewport, setViewport] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onResize = (): void => {
      corrections.current = 0;
      // the height the box may grow to, not the one it has: a list still empty (its first rows
      // come a turn later) would otherwise be given the head's height and draw a row or two
      const max = getComputedStyle(el).maxHeight;
      setViewport(Math.max(el.clientHeight, max.endsWith('px') ? Math.min(parseFloat(max), innerHeight) : 0));
    };
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [box]);
  return viewport;
}

/** Starts at `initialScroll`, then back to the top on each new `resetKey` (a new search). */
function useScrollReset(box: RefObject<HTMLDivElement | null>, resetKey: unknown, initialScroll: number, scrollTop: number, setScrollTop: (top: number) => void): void {
  const firstReset = useRef(true);
  useLayoutEffect(() => {
    const el = box.current;
    if (firstReset.current) {
      firstReset.current = false;
      if (el && initialScroll > 0) el.scrollTop = initialScroll;
      return;
    }
    // writing scrollTop lays the page out there and then, inside the keystroke's task: only
    // when the list is not at the top already (the scroll handler keeps `scrollTop` current)
    if (el && scrollTop !== 0) el.scrollTop = 0;
    setScrollTop(0);
  }, [resetKey]);
}

/**
 * Rows of a long list a tab draws in its first frame, then as many more each frame (Props.growBy):
 * opening Standings or Rounds on a 512-player event on a tablet 4x slower than a laptop, the
 * frame that drew a screenful of rows (10-11) at once was one task of 50-100 ms, most of it the
 * layout of those rows (0.1-0.2 ms per layout object there, whichever rule was switched off:
 * no single CSS rule made it dear). At 1024x768 the list starts below the fold: the rows drawn
 * a frame later are not missed.
 */
export const FIRST_FRAME_ROWS = 4;

/** Rows a list drawn whole adds below the view at each turn after its first. */
export const GROW_BY = 8;

/**
 * How many turns a list has had since it was first drawn, up to `upTo`: the first render draws
 * the rows in view only; a turn later (after the first paint) a list drawn whole adds its next
 * GROW_BY rows, then GROW_BY more at each frame until it is whole (a windowed list's margin
 * comes a turn later too, below). Opening a tab on a slow tablet is then short tasks, not one: the 32
 * tables of a knockout's fourth round, laid out at once, were a 74 ms task on a tablet 4x slower
 * than a laptop. Each turn after the first waits for a frame, then for its paint (a timer after
 * it): turns run between two frames would be laid out together.
 */
export function useTurns(upTo: number): number {
  const [turns, setTurns] = useState(0);
  useEffect(() => {
    if (turns >= upTo) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = (): void => void (timer = setTimeout(() => setTurns((n) => n + 1), 0));
    // the first turn only waits for the paint, as a list's margin always did
    const frame = turns > 0 && typeof requestAnimationFrame === 'function' ? requestAnimationFrame(next) : (next(), undefined);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [turns, upTo]);
  return turns;
}

/**
 * Where the rows drawn end, for a list that grows `growBy` rows a frame after each new list (see
 * Props.growBy): the rows not drawn yet sit in the spacer below, so the scrollbar is true from
 * the first frame. Printing draws every row at once.
 */
function useGrowth(growBy: number | undefined, resetKey: unknown, start: number, end: number, printing: boolean, later: boolean): number {
  const [drawn, setDrawn] = useState<{ key: unknown; rows: number }>({ key: resetKey, rows: later ? 0 : (growBy ?? 0) });
  const rows = growBy === undefined || printing ? Infinity : drawn.key === resetKey ? drawn.rows : growBy;
  const shownEnd = Math.min(end, start + rows);
  const more = shownEnd < end;
  useEffect(() => {
    if (!more || growBy === undefined) return;
    // after the frame that shows this step, in a task of its own
    let task: ReturnType<typeof setTimeout> | undefined;
    const next = (): void => {
      task = setTimeout(() => setDrawn({ key: resetKey, rows: rows + growBy }), 0);
    };
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(next) : undefined;
    if (frame === undefined) next();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [more, rows, resetKey, growBy]);
  return shownEnd;
}

export function VirtualRows<T>({
  items,
  row,
  rowHeight,
  head,
  tableClass,
  testId,
  scrollClass = 'vscroll',
  scrollRef,
  overscan = 4,
  resetKey,
  growBy,
  rowsAfterFirstFrame = false,
  label,
  initialScroll = 0,
  onScrollTop,
}: Props<T>) {
  const own = useRef<HTMLDivElement>(null);
  const box = scrollRef ?? own;
  const body = useRef<HTMLTableSectionElement>(null);
  const [scrollTop, setScrollTop] = useState(initialScroll);
  const onTop = useRef(onScrollTop);
  onTop.current = onScrollTop;
  // rows of unequal heights can make the mean flip between two values (other rows shown, other
  // column widths): a few corrections per scroll, resize or new list, then the estimate stands
  const corrections = useRef(0);
  const printing = usePrinting();
  const grown = useTurns(Math.ceil(WHOLE_LIST / GROW_BY));
  // The first render draws the rows in view only, the margin above and below them a turn later
  // (after the first paint): opening a tab on a slow tablet is then two shorter tasks, not one.
  // A new list (another search) is a first render too: all its rows are new.
  const [marginFor, setMarginFor] = useState<{ key: unknown } | null>(null);
  const margin = marginFor !== null && marginFor.key === resetKey;
  useEffect(() => {
    const later = setTimeout(() => setMarginFor({ key: resetKey }), 0);
    return () => clearTimeout(later);
  }, [resetKey]);

  const viewport = useViewport(box, corrections);
  // a handler on the element, not a listener added by an effect: a scroll right after the first
  // render (before effects run) is not missed
  const onScroll = (e: Event): void => {
    const top = (e.currentTarget as HTMLElement).scrollTop;
    corrections.current = 0;
    setScrollTop(top);
    onTop.current?.(top);
  };

  useScrollReset(box, resetKey, initialScroll, scrollTop, setScrollTop);

  useLayoutEffect(() => {
    corrections.current = 0;
  }, [items]);

  const measured = useMeanRowHeight(body, rowHeight, corrections);

  // a scroll box not laid out yet (the first render, tests, a hidden tab) is given a screenful
  const view = viewport > 0 ? viewport : typeof innerHeight === 'number' && innerHeight > 0 ? Math.min(innerHeight, 800) : 800;
  const inView = rowWindow(items.length, scrollTop, view, measured, 0);
  const { start, end } = printing
    ? { start: 0, end: items.length }
    : items.length <= WHOLE_LIST
      ? { start: 0, end: Math.min(items.length, inView.end + grown * GROW_BY) }
      : rowWindow(items.length, scrollTop, view, measured, margin ? overscan : 0);
  const shownEnd = useGrowth(growBy, resetKey, start, end, printing, rowsAfterFirstFrame);
  return (
    <div class={scrollClass} ref={box} tabIndex={0} role="region" aria-label={label} onScroll={onScroll}>
      <table class={tableClass} data-testid={testId} aria-rowcount={items.length}>
        {head}
        <tbody ref={body}>
          {start > 0 && (
            <tr class="vspacer" aria-hidden="true" style={{ height: `${start * measured}px` }}>
              {/* one cell, no colspan: a colspan would add columns the CSS hides, and take their width */}
              <td />
            </tr>
          )}
          {items.slice(start, shownEnd).map((item, i) => row(item, start + i))}
          {shownEnd < items.length && (
            <tr class="vspacer" aria-hidden="true" style={{ height: `${(items.length - shownEnd) * measured}px` }}>
              <td />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
