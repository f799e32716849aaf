// Choosing the round's scenario by hand or by the 2d4 table, under the group and no-repeat
// rules, or from the list announced under « Scénarios (X) » (repeats included). A scenario whose
// rules text the source lacks (Demolition) is out of the pick and re-rolled, said on screen,
// unless the organizer confirmed on the format tab that they have its rules. The rolls and their
// seed are stored with the round: the choice can be audited.
import { useState } from 'preact/hooks';
import type { EventFile, Round } from '../../../domain/event-file';
import { createRng } from '../../../domain/random';
import {
  allowedScenarios,
  announcedScenarioChoices,
  announcedScenarios,
  RADIAL_MIN_POINTS,
  rollScenario,
  scenarioName,
  scenarioPickOptions,
  scenarioRollNotes,
} from '../../../domain/sr2011';
import { useI18n } from '../../../i18n';
import { randomSeed } from '../../../platform/seed';
import { saveErrorMessage } from '../../errors';
import { useServices } from '../../services';
import type { TabProps } from '../../screens/event/types';
import { ScenarioCardView } from './ScenarioCardView';

interface Props {
  event: EventFile;
  round: Round;
  dispatch: TabProps['dispatch'];
}

export function ScenarioPanel({ event, round, dispatch }: Props) {
  const { t, lang } = useI18n();
  const { notify } = useServices();
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const started = typeof round.startedAt === 'number';
  const history = event.rounds.filter((r) => r.number < round.number).map((r) => r.scenario);
  const options = scenarioPickOptions(event.settings);
  const announced = announcedScenarioChoices(announcedScenarios(event.settings.variants), history);
  const allowed = announced.length > 0 ? announced : allowedScenarios(history, options);

  const set = async (patch: Partial<Round>, name: string): Promise<void> => {
    setBusy(true);
    try {
      await dispatch({ type: 'round-updated', number: round.number, patch });
      setChoosing(false);
      notify(t('scenario.set', { n: round.number, name }));
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    } finally {
      setBusy(false);
    }
  };

  const roll = (): void => {
    const seed = randomSeed();
    const r = rollScenario(history, createRng(seed), options);
    if (!r.ok) return notify(t('scenario.noneLeft'), 'error');
    void set({ scenario: r.scenario, scenarioRolls: r.rolls, scenarioSeed: seed }, scenarioName(r.scenario, lang));
  };

  const rolls = Array.isArray(round.scenarioRolls) ? (round.scenarioRolls as [number, number][]) : null;
  const rollNotes = rolls ? scenarioRollNotes(rolls, lang, options) : [];
  return (
    <section class="panel scenario" aria-label={t('scenario.title')}>
      <h2>{t('scenario.title')}</h2>
      {round.scenario ? (
        <>
          <ScenarioCardView id={round.scenario} />
          {rolls && <p class="muted">{t('scenario.rolled', { rolls: rolls.map(([g, d]) => `${g}-${d}`).join(', '), name: scenarioName(round.scenario, lang) })}</p>}
          {rollNotes.map((note) => (
            <p key={note} class="muted" data-testid="scenario-reroll">
              {note}
            </p>
          ))}
          {!started && <p class="muted">{t('scenario.secret')}</p>}
        </>
      ) : (
        <p class="muted">{t('scenario.none')}</p>
      )}
      {!started && (
        <div class="row">
          {announced.length === 0 && (
            <button type="button" class="btn primary big" onClick={roll} disabled={busy}>
              🎲 {t('scenario.roll')}
            </button>
          )}
          <button type="button" class="btn big" onClick={() => setChoosing(!choosing)} aria-expanded={choosing}>
            {round.scenario ? t('scenario.change') : t('scenario.pick')}
          </button>
        </div>
      )}
      {choosing && !started && (
        <div class="scenario-choices" role="group" aria-label={announced.length > 0 ? t('scenario.announced') : t('scenario.pick')}>
          {allowed.length === 0 && <p class="error">{t('scenario.noneLeft')}</p>}
          {announced.length === 0 && options.points !== undefined && options.points < RADIAL_MIN_POINTS && (
            <p class="muted" data-testid="scenario-radial-left-out">
              {t('scenario.radialLeftOut', { min: RADIAL_MIN_POINTS, points: options.points })}
            </p>
          )}
          {allowed.map((id) => (
            <button
              key={id}
              type="button"
              class={id === round.scenario ? 'btn primary' : 'btn'}
              disabled={busy}
              onClick={() => void set({ scenario: id, scenarioRolls: null }, scenarioName(id, lang))}
            >
              {scenarioName(id, lang)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
