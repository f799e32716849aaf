// The organizer's seeding for a knockout event, best first: big up/down buttons rather than drag
// and drop (a tablet in a noisy hall, a finger, no precision). Players missing from the stored
// order follow by player number, which is exactly how the pairing reads `settings.seedOrder`.
import type { Player, PlayerId } from '../../../domain/event-file';
import { useMemo, useRef } from 'preact/hooks';
import { useI18n } from '../../../i18n';

/** The order the pairing will use: the stored ids it knows, then everyone else by number. */
export function effectiveSeedOrder(players: readonly Player[], seedOrder: unknown): PlayerId[] {
  const active = [...players].filter((p) => !p.dropped).sort((x, y) => x.number - y.number);
  const ids = new Set(active.map((p) => p.id));
  const stored = Array.isArray(seedOrder) ? seedOrder.filter((id): id is PlayerId => typeof id === 'string' && ids.has(id)) : [];
  const listed = new Set(stored);
  return [...new Set(stored), ...active.map((p) => p.id).filter((id) => !listed.has(id))];
}

interface Props {
  players: readonly Player[];
  order: readonly PlayerId[];
  disabled?: boolean;
  onChange: (order: PlayerId[]) => void;
}

export function SeedOrderEditor({ players, order, disabled, onChange }: Props) {
  const { t } = useI18n();
  const names = useMemo(() => new Map(players.map((p) => [p.id, p.name])), [players]);
  const nameOf = (id: PlayerId): string => names.get(id) ?? id;
  const list = useRef<HTMLOListElement>(null);
  const move = (i: number, delta: number): void => {
    const j = i + delta;
    if (j < 0 || j >= order.length) return;
    const next = [...order];
    const id = order[i]!;
    [next[i], next[j]] = [next[j]!, next[i]!];
    onChange(next);
    // the finger stays on the player being moved: a second tap moves them again, even from the top or bottom
    setTimeout(() => {
      const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-seed]') ?? [])].filter((b) => b.dataset.seed === id && !b.disabled);
      const target = buttons.find((b) => b.dataset.dir === String(delta)) ?? buttons[0];
      target?.focus();
    }, 0);
  };
  if (order.length === 0) return <p class="muted">{t('systems.format.seedNobody')}</p>;
  return (
    <ol class="seed-order" data-testid="seed-order" ref={list}>
      {order.map((id, i) => (
        <li key={id}>
          <span class="seed-rank">{i + 1}</span>
          <span class="player-name">{nameOf(id)}</span>
          <button
            type="button"
            class="btn"
            data-seed={id}
            data-dir="-1"
            disabled={disabled || i === 0}
            aria-label={t('systems.format.seedUp', { name: nameOf(id) })}
            onClick={() => move(i, -1)}
          >
            ↑
          </button>
          <button
            type="button"
            class="btn"
            data-seed={id}
            data-dir="1"
            disabled={disabled || i === order.length - 1}
            aria-label={t('systems.format.seedDown', { name: nameOf(id) })}
            onClick={() => move(i, 1)}
          >
            ↓
          </button>
        </li>
      ))}
    </ol>
  );
}
