import { useEffect, useRef } from 'preact/hooks';
import type { SystemId } from '../../../../domain/event-file';
import { useI18n } from '../../../../i18n';
import { uiFor } from '../../../systems';

export interface PlayerForm {
  name: string;
  nickname: string;
  club: string;
  faction: string;
}

export const emptyForm: PlayerForm = { name: '', nickname: '', club: '', faction: '' };

const FACTIONS_ID = 'players-factions';

/** Name, nickname, club/city and faction inputs (suggestions from the system: factions, peoples, sides), shared by registration and edit. */
export function PlayerFields({ value, onChange, autoFocus, system }: { value: PlayerForm; onChange: (v: PlayerForm) => void; autoFocus?: boolean; system: SystemId }) {
  const { t } = useI18n();
  const nameRef = useRef<HTMLInputElement>(null);
  // a registration saved clears the form: the next player's name is typed at once (issue 12),
  // without a tap back into « Nom »
  const wasFilled = useRef(false);
  const empty = Object.values(value).every((v) => v === '');
  useEffect(() => {
    if (empty && wasFilled.current) nameRef.current?.focus();
    wasFilled.current = !empty;
  }, [empty]);
  const field = (key: keyof PlayerForm, label: string, extra: Record<string, unknown> = {}) => (
    <label>
      {label}
      <input
        name={key}
        ref={key === 'name' ? nameRef : undefined}
        value={value[key]}
        onInput={(e) => onChange({ ...value, [key]: e.currentTarget.value })}
        autoComplete="off"
        {...extra}
      />
    </label>
  );
  return (
    <>
      {field('name', t('players.name'), autoFocus ? { autoFocus: true } : {})}
      {field('nickname', t('players.nickname'))}
      {field('club', t('players.club'))}
      {field('faction', t(uiFor(system).factions.label), { list: FACTIONS_ID })}
      <datalist id={FACTIONS_ID}>
        {t(uiFor(system).factions.list)
          .split('|')
          .map((f) => (
            <option key={f} value={f} />
          ))}
      </datalist>
    </>
  );
}

export function formOf(p: { name: string; nickname?: string; club?: string; faction?: string }): PlayerForm {
  return { name: p.name, nickname: p.nickname ?? '', club: p.club ?? '', faction: p.faction ?? '' };
}

export function trimForm(f: PlayerForm): PlayerForm {
  return { name: f.name.trim(), nickname: f.nickname.trim(), club: f.club.trim(), faction: f.faction.trim() };
}
