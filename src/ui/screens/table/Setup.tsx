// Before the clock starts: who goes first, which list each player chose (when they registered
// two), and what the format's clock will do. Starting stores the setup, then the 'start' action.
import { useState } from 'preact/hooks';
import { useI18n } from '../../../i18n';
import type { TableGameRecord, TableSetup } from '../../../store/table-games';
import { Choices } from '../event/results/parts';
import { tablePartsFor, type SetupExtra } from '../../systems/table-parts';
import { SIDES, type Side } from './parts';
import { ClockSkewNote } from './time-limit';
import type { SealState } from './use-table-game';

export interface SetupProps {
  record: TableGameRecord;
  seal: SealState;
  onStart: (setup: TableSetup) => Promise<void>;
  exitHref: string;
}

export function Setup({ record, seal, onStart, exitHref }: SetupProps) {
  const { t } = useI18n();
  const { ticket } = record;
  // the system's step (SR2011's scenario and timing, the challenge's roll), and whether it asks
  // who goes first and which list each plays
  const { Part, waits, asksFirst, choosesLists } = tablePartsFor(ticket).setup;
  const [first, setFirst] = useState<Side | null>(record.setup?.firstPlayer ?? null);
  // the lists each player may pick this round (SR2011 list-use variants, decided by the organizer's
  // app when the ticket was made); a player left with one list has no choice and must say so
  const refusedOf = (s: Side) => ticket.listRules?.[s] ?? [];
  const legalOf = (s: Side): number[] => ticket[s].lists.map((_, i) => i).filter((i) => !refusedOf(s).some((r) => r.list === i));
  const onlyOne = (s: Side): number | null => (legalOf(s).length === 1 ? legalOf(s)[0]! : null);
  const [lists, setLists] = useState<TableSetup['lists']>(() => ({
    a: record.setup?.lists.a ?? onlyOne('a'),
    b: record.setup?.lists.b ?? onlyOne('b'),
  }));
  const [busy, setBusy] = useState(false);
  const [extra, setExtra] = useState<SetupExtra | null>(() => (waits?.(ticket) ? null : {}));
  const ready = seal !== 'opening' && (!asksFirst || first !== null) && extra !== null;

  const start = async (): Promise<void> => {
    setBusy(true);
    try {
      await onStart({ firstPlayer: first ?? 'a', lists, ...extra });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="screen table-setup">
      <a class="btn" href={exitHref}>
        ← {t('nav.back')}
      </a>
      <h1>{t('table.setup.title')}</h1>
      <p class="muted">{t('table.setup.context', { event: ticket.eventName, round: ticket.round, table: ticket.table })}</p>
      <p class="setup-players">
        <strong>{ticket.a.name}</strong> · <strong>{ticket.b.name}</strong>
      </p>
      {Part && <Part record={record} onChange={setExtra} />}
      <ClockSkewNote record={record} class="warning-text" />
      {seal === 'opening' && <p class="muted">{t('table.seal.opening')}</p>}
      {seal === 'unreadable' && <p class="warning-text">{t('table.seal.unreadable')}</p>}
      {asksFirst && <Choices label={t('table.setup.first')} value={first} options={SIDES.map((s) => ({ value: s, label: ticket[s].name }))} onChange={setFirst} />}
      {choosesLists &&
        SIDES.filter((s) => ticket[s].lists.length > 1).map((s) => {
          const forced = onlyOne(s);
          return (
            <div key={s} class="setup-lists" data-testid={`lists-${s}`}>
              <Choices
                label={t('table.setup.list', { name: ticket[s].name })}
                value={lists[s] === null ? null : String(lists[s])}
                options={legalOf(s).map((i) => ({
                  value: String(i),
                  label: t('table.setup.listOption', { caster: ticket[s].lists[i]!.caster, total: ticket[s].lists[i]!.total }),
                }))}
                onChange={(v) => setLists({ ...lists, [s]: Number(v) })}
              />
              {forced !== null && (
                <p class="warning-text" data-testid={`forced-${s}`}>
                  {t('table.setup.listForced', { name: ticket[s].name, caster: ticket[s].lists[forced]!.caster })}
                </p>
              )}
              {refusedOf(s).map((r) => (
                <p key={r.list} class="muted" data-testid={`refused-list-${s}-${r.list}`}>
                  {r.code === 'other-list-needed'
                    ? t('table.setup.listRefused', { caster: ticket[s].lists[r.list]?.caster ?? String(r.list + 1), needed: r.needed ?? 0, gamesLeft: r.gamesLeft ?? 0 })
                    : t('table.setup.listRefusedOther', { caster: ticket[s].lists[r.list]?.caster ?? String(r.list + 1) })}
                </p>
              ))}
            </div>
          );
        })}
      <div class="row">
        <button type="button" class="btn primary big" disabled={!ready || busy} onClick={() => void start()}>
          {t('table.setup.start')}
        </button>
      </div>
    </main>
  );
}
