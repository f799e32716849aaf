// A half-filled form that survives a reload (issue 12): its state mirrored in sessionStorage,
// which belongs to this tab only and ends with it. Cleared once the form is saved or cancelled.
import { useCallback, useRef, useState } from 'preact/hooks';

const PREFIX = 'draft:';

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function clearSessionDraft(key: string | undefined): void {
  if (!key) return;
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // storage unavailable: nothing was kept
  }
}

/**
 * useState whose value is kept under `key` for the tab's session. `valid` rejects a stored value
 * of another shape (an older version of the form): the fresh state is used then.
 */
export function useSessionDraft<T>(key: string | undefined, init: () => T, valid: (v: unknown) => v is T): [T, (f: T | ((prev: T) => T)) => void] {
  const [value, setValue] = useState<T>(() => {
    const stored = key ? read<unknown>(key) : null;
    return stored !== null && valid(stored) ? stored : init();
  });
  const latest = useRef(value);
  latest.current = value;
  // written in the same task as the change, not in an effect: a reload right after a tap keeps it
  const set = useCallback(
    (f: T | ((prev: T) => T)) => {
      const next = typeof f === 'function' ? (f as (prev: T) => T)(latest.current) : f;
      latest.current = next;
      if (key) {
        try {
          sessionStorage.setItem(PREFIX + key, JSON.stringify(next));
        } catch {
          // quota or private mode: the draft just does not survive a reload
        }
      }
      setValue(next);
    },
    [key],
  );
  return [value, set];
}
