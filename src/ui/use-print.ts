import { useEffect } from 'preact/hooks';

/**
 * Prints once `what` is set, after the print-only content for it has rendered, then calls
 * `done` (the dialog is modal: it returns when the printing is over or cancelled).
 */
export function usePrint(what: string | null, done: () => void): void {
  useEffect(() => {
    if (!what) return;
    const timer = setTimeout(() => {
      window.print();
      done();
    }, 50);
    return () => clearTimeout(timer);
  }, [what]);
}
