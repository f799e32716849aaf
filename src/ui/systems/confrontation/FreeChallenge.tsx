// The Confrontation challenge played as a friendly game from the table tools: two names, the
// challenge wizard, who went through. The wizard needs an event: one is made in memory.
import { useState } from 'preact/hooks';
import { EVENT_FORMAT, type EventFile, type GameResult, type Pairing, type Round } from '../../../domain/event-file';
import { useI18n, type MessageKey } from '../../../i18n';
import { SIDES } from '../shared/wizard-parts';
import { RackhamChallengeWizard } from './RackhamChallengeWizard';

/** A friendly game: the challenge wizard needs an event, so two named players make one in memory. */
export function freeChallengeGame(names: { a: string; b: string }, title: string): { event: EventFile; round: Round; pairing: Pairing } {
  const pairing: Pairing = { table: 1, a: 'free-a', b: 'free-b' };
  const round: Round = { number: 1, pairings: [pairing], bye: null };
  const event: EventFile = {
    format: EVENT_FORMAT,
    version: 1,
    system: 'confrontation-rackham',
    name: title,
    date: new Date().toISOString().slice(0, 10),
    settings: { points: 200, variants: [], rounds: null },
    players: SIDES.map((s, i) => ({ id: pairing[s], number: i + 1, name: names[s], dropped: false, droppedAfterRound: null, lists: [] })),
    rounds: [round],
  };
  return { event, round, pairing };
}

export function FreeChallenge({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const [names, setNames] = useState({ a: t('tools.player', { n: 1 }), b: t('tools.player', { n: 2 }) });
  const [game, setGame] = useState<ReturnType<typeof freeChallengeGame> | null>(null);
  const [result, setResult] = useState<GameResult | null>(null);
  // a new key remounts the wizard with a fresh seed
  const [run, setRun] = useState(0);

  const back = (
    <button type="button" class="btn big" onClick={onClose}>
      ← {t('tools.toList')}
    </button>
  );

  if (!game)
    return (
      <section class="tools-screen" aria-label={t('tools.free.title')}>
        <div class="toolbar">
          <h2>{t('tools.open.challenge')}</h2>
          {back}
        </div>
        <p class="muted">{t('tools.free.hint')}</p>
        <div class="wizard-sides">
          {SIDES.map((s, i) => (
            <label key={s}>
              {t('tools.nameOf', { n: i + 1 })}
              <input type="text" autoComplete="off" value={names[s]} onInput={(e) => setNames({ ...names, [s]: e.currentTarget.value })} />
            </label>
          ))}
        </div>
        <div class="row end">
          <button
            type="button"
            class="btn primary big"
            onClick={() => {
              const clean = { a: names.a.trim() || t('tools.player', { n: 1 }), b: names.b.trim() || t('tools.player', { n: 2 }) };
              setGame(freeChallengeGame(clean, t('tools.free.title')));
            }}
          >
            {t('tools.free.start')}
          </button>
        </div>
      </section>
    );

  if (result) {
    const winner = result.winner === game.pairing.a ? names.a : names.b;
    return (
      <section class="tools-screen" aria-label={t('tools.free.done')}>
        <div class="toolbar">
          <h2>{t('tools.free.done')}</h2>
          {back}
        </div>
        <p class="result-consequence" data-testid="free-outcome">
          {t(`challenge.won.${String(result.stage)}` as MessageKey, { name: winner })}
        </p>
        <p class="muted">{t('tools.free.hint')}</p>
        <div class="row">
          <button
            type="button"
            class="btn big"
            onClick={() => {
              setResult(null);
              setRun(run + 1);
            }}
          >
            {t('tools.restart')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <div class="tools-screen">
      <div class="toolbar">
        <p class="muted">{t('tools.free.hint')}</p>
        {back}
      </div>
      <RackhamChallengeWizard
        key={run}
        event={game.event}
        round={game.round}
        pairing={game.pairing}
        onSubmit={async (r) => setResult(r)}
        onCancel={() => {
          setGame(null);
          setRun(run + 1);
        }}
      />
    </div>
  );
}
