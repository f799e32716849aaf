// What the players' tab does besides listing: the panel that replaces the list (edit, lists,
// sheets) with the focus given back to the button that opened it, the check-in and painting ticks
// with their saves in flight, and dropping or reinstating a player.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Player } from '../../../../domain/event-file';
import { useI18n } from '../../../../i18n';
import { saveErrorMessage } from '../../../errors';
import { useServices } from '../../../services';
import type { TabProps } from '../types';
import { roundsPaired } from './model';
import { roundsChangeNote } from './rounds-note';

export type View = { kind: 'table' } | { kind: 'edit'; id: string } | { kind: 'lists'; id: string } | { kind: 'sheets'; ids: string[] };
export type Toggle = 'checkedIn' | 'painted';
type Dispatch = TabProps['dispatch'];

/** The panel shown instead of the list; a closed panel gives the focus back to its opener. */
export function usePanel() {
  const [view, setView] = useState<View>({ kind: 'table' });
  // the button that opened a panel gets the focus back once the panel is closed
  const opener = useRef<string | null>(null);
  const [focusBack, setFocusBack] = useState<string | null>(null);

  useEffect(() => {
    if (focusBack === null) return;
    // a long list comes back a few rows a frame (VirtualRows' growBy): the opener's row may be
    // drawn a frame or two after this effect; a screenful is a handful of frames
    let tries = 0;
    let frame: number | undefined;
    const focus = (): void => {
      const el = document.getElementById(focusBack);
      if (el || ++tries > 30 || typeof requestAnimationFrame !== 'function') {
        el?.focus();
        setFocusBack(null);
      } else frame = requestAnimationFrame(focus);
    };
    focus();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [focusBack]);

  const open = (next: View, from: string): void => {
    opener.current = from;
    setView(next);
  };
  const close = (): void => {
    setView({ kind: 'table' });
    setFocusBack(opener.current);
    opener.current = null;
  };
  return { view, open, close, setFocusBack };
}

/** A tick of check-in or painting; its box stays disabled while its save is in flight. */
export function useToggles(dispatch: Dispatch) {
  const { t } = useI18n();
  const { notify } = useServices();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const toggle = async (p: Player, field: Toggle, value: boolean): Promise<void> => {
    const key = `${p.id}:${field}`;
    setPending((s) => new Set(s).add(key));
    try {
      await dispatch({ type: 'player-updated', id: p.id, patch: field === 'checkedIn' ? { checkedIn: value } : { painted: value } });
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    } finally {
      setPending((s) => {
        const next = new Set(s);
        next.delete(key);
        return next;
      });
    }
  };
  return { pending, toggle };
}

/** Dropping a player (asked first, naming the game left unplayed) and reinstating one. */
export function useDropping(event: TabProps['event'], dispatch: Dispatch, setFocusBack: (id: string) => void) {
  const { t } = useI18n();
  const { notify } = useServices();
  const [toDrop, setToDrop] = useState<Player | null>(null);

  const confirmDrop = async (): Promise<void> => {
    const p = toDrop;
    setToDrop(null);
    if (!p) return;
    const afterRound = roundsPaired(event);
    try {
      const after = await dispatch({ type: 'player-dropped', id: p.id, afterRound });
      const rounds = roundsChangeNote(event, after, t);
      const done = t(afterRound === 0 ? 'players.droppedDoneNoRound' : 'players.droppedDone', { name: p.name, round: afterRound });
      notify(rounds ? `${done} ${rounds}` : done);
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
    setFocusBack(`pl-${p.id}-status`);
  };

  const reinstate = async (p: Player): Promise<void> => {
    try {
      const after = await dispatch({ type: 'player-reinstated', id: p.id });
      const rounds = roundsChangeNote(event, after, t);
      notify(rounds ? `${t('players.reinstated', { name: p.name })} ${rounds}` : t('players.reinstated', { name: p.name }));
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    }
    setFocusBack(`pl-${p.id}-status`);
  };

  const dropMessage = (p: Player): string => {
    const round = roundsPaired(event);
    const text = t(round === 0 ? 'players.dropConfirmNoRound' : 'players.dropConfirm', { name: p.name, number: p.number, round });
    for (const r of event.rounds) {
      const unplayed = r.pairings.find((x) => !x.result && (x.a === p.id || x.b === p.id));
      if (unplayed) return `${text} ${t('players.dropUnplayed', { round: r.number, table: unplayed.table })}`;
    }
    return text;
  };
  return { toDrop, setToDrop, confirmDrop, reinstate, dropMessage };
}
