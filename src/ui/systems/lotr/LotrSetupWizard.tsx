// Setting up a Lord of the Rings tournament game at the table (seed 004): the roll-off from a
// seed, shown throw by throw; the Attacker picks Good or Evil, the Defender the map, the Attacker
// the map edge; then who deploys where and who plays first.
import { useState } from 'preact/hooks';
import { chooseCamp, chooseMap, chooseMapSide, startLotrSetup, type Camp, type LotrMap, type LotrSetup, type MapSide } from '../../../domain/lotr';
import { createRng } from '../../../domain/random';
import { useI18n, type MessageKey } from '../../../i18n';
import { Choices } from '../../screens/event/results/parts';
import { other, SIDES, ToolHeader, useSeed, type Side } from '../shared/wizard-parts';

export interface LotrSetupWizardProps {
  /** the two players; without, the wizard asks for their names */
  names?: { a: string; b: string };
  /** the roll-off's seed (a recorded game); a fresh one without */
  seed?: number;
  /** shown as a "use this setup" button when given */
  onDone?: (setup: LotrSetup, seed: number) => void;
  onClose?: () => void;
}

const CAMPS: readonly Camp[] = ['good', 'evil'];
const MAPS: readonly LotrMap[] = ['river', 'ruins'];
const MAP_SIDES: readonly MapSide[] = ['north', 'south'];

interface Choices3 {
  camp: Camp | null;
  map: LotrMap | null;
  side: MapSide | null;
}

/** Replays the choices in the rules' order: a later choice only counts once the earlier ones are made. */
function applyChoices(start: LotrSetup, c: Choices3): LotrSetup {
  let s = start;
  if (c.camp === null) return s;
  s = chooseCamp(s, c.camp);
  if (c.map === null) return s;
  s = chooseMap(s, c.map);
  if (c.side === null) return s;
  return chooseMapSide(s, c.side);
}

/** The roll-off throw by throw, then who attacks. */
function RollOffShown({ rolled, name }: { rolled: LotrSetup; name: (s: Side) => string }) {
  const { t } = useI18n();
  return (
    <div class="panel tools-result" data-testid="roll-off">
      <ol class="tools-throws">
        {rolled.rollOff.rolls.map(([da, db], i) => (
          <li key={i}>
            {t('lotrSetup.throw', { a: name('a'), da, db, b: name('b') })}
            {da === db && <span class="muted"> ({t('lotrSetup.tie')})</span>}
          </li>
        ))}
      </ol>
      <p class="tools-big" data-testid="attacker">
        {t('lotrSetup.attacker', { name: name(rolled.attacker) })}
      </p>
    </div>
  );
}

/** The finished setup worded: camps, map, edges, who deploys first. */
function SetupSummary({ setup, name, onRestart, onDone }: { setup: LotrSetup; name: (s: Side) => string; onRestart: () => void; onDone?: () => void }) {
  const { t } = useI18n();
  if (!setup.camps || !setup.sides || !setup.map) return null;
  return (
    <div class="panel tools-result" role="status">
      <p class="result-consequence" data-testid="lotr-setup-summary">
        {t('lotrSetup.summary', {
          name: name(setup.attacker),
          camp: t(`lotrSetup.campWord.${setup.camps[setup.attacker]}` as MessageKey),
          map: t(`lotrSetup.map.${setup.map}` as MessageKey),
          side: t(`lotrSetup.sideWord.${setup.sides[setup.attacker]}` as MessageKey),
        })}
      </p>
      <p class="tools-line">
        {t('lotrSetup.deploy', {
          name: name(setup.attacker),
          side: t(`lotrSetup.sideWord.${setup.sides[setup.attacker]}` as MessageKey),
          other: name(other(setup.attacker)),
          camp: t(`lotr.camp.${setup.camps[setup.defender]}` as MessageKey),
        })}
      </p>
      <div class="row end">
        {/* the roll stays: only the choices are made again, so nobody re-rolls a lost roll-off */}
        <button type="button" class="btn big" onClick={onRestart}>
          {t('tools.restart')}
        </button>
        {onDone && (
          <button type="button" class="btn primary big" onClick={onDone}>
            {t('tools.next')}
          </button>
        )}
      </div>
    </div>
  );
}

export function LotrSetupWizard({ names, seed: givenSeed, onDone, onClose }: LotrSetupWizardProps) {
  const { t } = useI18n();
  const seed = useSeed(givenSeed);
  const [typed, setTyped] = useState({ a: t('tools.player', { n: 1 }), b: t('tools.player', { n: 2 }) });
  const [rolled, setRolled] = useState<LotrSetup | null>(null);
  const [choices, setChoices] = useState<Choices3>({ camp: null, map: null, side: null });

  const name = (s: Side): string => (names ? names[s] : typed[s].trim() || t('tools.player', { n: s === 'a' ? 1 : 2 }));
  const setup = rolled ? applyChoices(rolled, choices) : null;

  return (
    <section class="tools-screen lotr-setup" aria-label={t('lotrSetup.title')}>
      <ToolHeader title={t('lotrSetup.title')} onClose={onClose} />
      {!names && (
        <div class="wizard-sides">
          {SIDES.map((s, i) => (
            <label key={s}>
              {t('tools.nameOf', { n: i + 1 })}
              <input type="text" autoComplete="off" disabled={rolled !== null} value={typed[s]} onInput={(e) => setTyped({ ...typed, [s]: e.currentTarget.value })} />
            </label>
          ))}
        </div>
      )}
      <p>{t('lotrSetup.roll')}</p>
      {!rolled && (
        <div class="row">
          <button type="button" class="btn primary big" onClick={() => setRolled(startLotrSetup(createRng(seed)))}>
            🎲 {t('lotrSetup.rollDo')}
          </button>
        </div>
      )}
      {rolled && <RollOffShown rolled={rolled} name={name} />}
      <p class="muted tools-seed">{t('tools.seed', { seed: String(seed) })}</p>
      {rolled && (
        <Choices
          label={t('lotrSetup.camp', { name: name(rolled.attacker) })}
          value={choices.camp}
          options={CAMPS.map((c) => ({ value: c, label: t(`lotr.camp.${c}` as MessageKey) }))}
          onChange={(camp) => setChoices({ ...choices, camp })}
        />
      )}
      {setup && choices.camp !== null && (
        <Choices
          label={t('lotrSetup.map', { name: name(setup.defender) })}
          value={choices.map}
          options={MAPS.map((m) => ({ value: m, label: t(`lotrSetup.map.${m}` as MessageKey) }))}
          onChange={(map) => setChoices({ ...choices, map })}
        />
      )}
      {setup && choices.camp !== null && choices.map !== null && (
        <Choices
          label={t('lotrSetup.side', { name: name(setup.attacker) })}
          value={choices.side}
          options={MAP_SIDES.map((m) => ({ value: m, label: t(`lotrSetup.side.${m}` as MessageKey) }))}
          onChange={(side) => setChoices({ ...choices, side })}
        />
      )}
      {setup && setup.step === 'done' && (
        <SetupSummary setup={setup} name={name} onRestart={() => setChoices({ camp: null, map: null, side: null })} onDone={onDone && (() => onDone(setup, seed))} />
      )}
    </section>
  );
}
