import { useEffect, useState } from 'preact/hooks';

/**
 * Work a render must not do where it is dear (a first sort of a big field by surname): while
 * `pending`, `work` runs in a turn of its own after the render, keeping its answer where the next
 * render finds it, and the component is drawn again in the turn after that. On a slow tablet the
 * screen's first frame, the work and the drawing are then three short tasks, not one.
 */
export function useOwnTurn(pending: boolean, work: () => void, deps: readonly unknown[]): void {
  const [, drawn] = useState(0);
  useEffect(() => {
    if (!pending) return;
    let draw: ReturnType<typeof setTimeout> | undefined;
    const run = setTimeout(() => {
      work();
      draw = setTimeout(() => drawn((n) => n + 1), 0);
    }, 0);
    return () => {
      clearTimeout(run);
      clearTimeout(draw);
    };
  }, [pending, ...deps]);
}
