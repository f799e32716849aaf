// SR2011's parts of the one format tab: the timing of the size with the day's schedule (above),
// the annex variants, the organizer's word that they have Demolition's rules (missing from the
// source) and the one-line description both ways (below), and the variants' own problems. The tab itself (name, date, size, pairing, rounds, save) is shared by every system.
import { lightFormat } from 'date-fns';
import { useMemo, useState } from 'preact/hooks';
import {
  MISSING_TEXT_SETTING,
  announcedScenarios,
  SCENARIOS,
  VARIANT_CATALOGUE,
  describeEvent,
  eventTiming,
  parseDescription,
  parseVariant,
  plannedGameMinutes,
  eventPlayerCount,
  plannedRounds,
  roundSchedule,
  scenarioName,
  validateVariants,
  variantProblemText,
  type VariantCategory,
  type VariantDef,
} from '../../../domain/sr2011';
import { useI18n, type MessageKey } from '../../../i18n';
import { useServices } from '../../services';
import type { FormatPartProps, FormatUi } from '../shared/format';
import { typeset } from '../../../i18n/typography';

const CATEGORIES: VariantCategory[] = ['standings', 'timing', 'victory', 'lists', 'painting', 'scenarios'];
/** Variants that exclude each other are shown as one choice (radio), the rest as check boxes. */
const EXCLUSIVE: Partial<Record<VariantCategory, { names: string[]; none: MessageKey }>> = {
  standings: {
    names: ['control-points-standings', 'scenario-standings', 'assassination-standings', 'attrition-standings', 'survival-standings', 'final-tables'],
    none: 'format.standingsBase',
  },
  timing: { names: ['relaxed-timing', 'accelerated-timing', 'hardcore-timing'], none: 'format.timingNormal' },
};

function keywordOf(variants: readonly string[], name: string): string | undefined {
  return variants.find((v) => parseVariant(v).name === name);
}

export function Sr2011Timing({ event, settings: s, setSettings, date }: FormatPartProps) {
  const { t } = useI18n();
  const timing = eventTiming(s);
  const gameMinutes = plannedGameMinutes(timing);
  const dayStart = typeof s.dayStart === 'string' ? s.dayStart : '09:30';
  const planned = s.rounds ?? plannedRounds(eventPlayerCount(event));
  const schedule = useMemo(() => {
    if (gameMinutes === null) return [];
    const [h, m] = dayStart.split(':').map(Number);
    const start = new Date(`${date}T00:00:00`);
    start.setHours(h ?? 9, m ?? 30, 0, 0);
    return roundSchedule(start.getTime(), planned, gameMinutes);
  }, [gameMinutes, dayStart, planned, date]);
  const fmt = (ms: number): string => lightFormat(ms, 'HH:mm');
  return (
    <section class="panel">
      <h2>{t('format.timing')}</h2>
      {!timing.timeLimited ? (
        <p>{t('format.timingNone')}</p>
      ) : (
        <>
          <p data-testid="timing-line">
            {t('format.timingLine', {
              base: timing.gameBaseMinutes ?? 0,
              turn: timing.turnMinutes === null ? t('format.none') : t('format.minutes', { n: timing.turnMinutes }),
              ext: timing.extensionMinutes === null ? t('format.none') : t('format.minutes', { n: timing.extensionMinutes }),
            })}
          </p>
          {timing.reserveMinutes !== null && <p>{t('format.timingReserve', { reserve: timing.reserveMinutes })}</p>}
          {!timing.diceDown && <p>{t('format.noDiceDown')}</p>}
        </>
      )}
      {schedule.length > 0 && (
        <>
          <label class="inline-number">
            {t('format.dayStart')}
            <input type="time" value={dayStart} onInput={(e) => setSettings({ dayStart: e.currentTarget.value })} />
          </label>
          <h3>{t('format.schedule')}</h3>
          <ul class="schedule">
            {schedule.map((slot) => (
              <li key={slot.round}>{t('format.scheduleRow', { round: slot.round, start: fmt(slot.start), dice: fmt(slot.latestDiceDown), end: fmt(slot.end) })}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Sets one variant's keyword, or clears it (null). */
type SetVariant = (name: string, keyword: string | null) => void;

/** The announced scenarios: an ordered list, repeats included; the rounds play it in turn and start it over. */
function AnnouncedScenarios({ def, title, variants, setVariant }: { def: VariantDef; title: string; variants: readonly string[]; setVariant: SetVariant }) {
  const { t, lang } = useI18n();
  const [toAdd, setToAdd] = useState<string>(SCENARIOS[0]!.id);
  const announced = announcedScenarios(variants);
  const setAnnounced = (ids: string[]): void => setVariant(def.name, ids.length > 0 ? `${def.name}:${ids.join(',')}` : null);
  return (
    <fieldset class="scenario-announced">
      <legend>{title}</legend>
      <p class="muted">{t('format.announcedHelp')}</p>
      {announced.length === 0 ? (
        <p class="muted">{t('format.announcedNone')}</p>
      ) : (
        <ol aria-label={t('format.announcedList')}>
          {announced.map((id, i) => (
            <li key={`${i}-${id}`} class="row">
              <span>{scenarioName(id, lang)}</span>
              <button type="button" class="btn" onClick={() => setAnnounced(announced.filter((_, j) => j !== i))}>
                {t('format.announcedRemove', { name: scenarioName(id, lang), n: i + 1 })}
              </button>
            </li>
          ))}
        </ol>
      )}
      <div class="row">
        <label>
          {t('format.announcedAdd')}
          <select value={toAdd} onChange={(e) => setToAdd(e.currentTarget.value)}>
            {SCENARIOS.map((sc) => (
              <option key={sc.id} value={sc.id}>
                {scenarioName(sc.id, lang)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" class="btn" onClick={() => setAnnounced([...announced, toAdd])}>
          {t('format.announcedAddButton')}
        </button>
      </div>
    </fieldset>
  );
}

/** One variant's control, by the kind of parameter it takes. */
function VariantControl({ def, variants, setVariant }: { def: VariantDef; variants: readonly string[]; setVariant: SetVariant }) {
  const { t, lang } = useI18n();
  const kw = keywordOf(variants, def.name);
  const p = kw ? parseVariant(kw).param : null;
  const title = typeset(def.title[lang], lang);
  switch (def.param) {
    case 'none':
      return (
        <label class="check">
          <input type="checkbox" checked={!!kw} onChange={(e) => setVariant(def.name, e.currentTarget.checked ? def.name : null)} />
          {title}
        </label>
      );
    case 'count':
    case 'tier':
      return (
        <div class="check-row">
          <label class="check">
            <input type="checkbox" checked={!!kw} onChange={(e) => setVariant(def.name, e.currentTarget.checked ? `${def.name}:${def.param === 'tier' ? 1 : 2}` : null)} />
            {title}
          </label>
          {kw && (
            <label class="inline-number">
              {t(def.param === 'tier' ? 'format.tier' : 'format.listsCount')}
              <input type="number" min={1} max={def.param === 'tier' ? 4 : 9} value={p ?? ''} onInput={(e) => setVariant(def.name, `${def.name}:${e.currentTarget.value}`)} />
            </label>
          )}
        </div>
      );
    case 'painting-level':
      return (
        <div class="radios" role="radiogroup" aria-label={title}>
          {[null, 'minimum', 'hardcore'].map((level) => (
            <label class="check" key={String(level)}>
              <input type="radio" name="painting" checked={p === level || (!kw && level === null)} onChange={() => setVariant(def.name, level ? `${def.name}:${level}` : null)} />
              {level === null ? t('format.paintingNone') : VARIANT_CATALOGUE.find((d) => d.name === def.name)!.phrase[lang](level)}
            </label>
          ))}
        </div>
      );
    case 'scenarios':
      return <AnnouncedScenarios def={def} title={title} variants={variants} setVariant={setVariant} />;
  }
}

/** One category of variants: its exclusive ones as one choice, the others each its own control. */
function VariantGroup({
  cat,
  settings: s,
  setSettings,
  setVariant,
}: {
  cat: VariantCategory;
  settings: FormatPartProps['settings'];
  setSettings: FormatPartProps['setSettings'];
  setVariant: SetVariant;
}) {
  const { t, lang } = useI18n();
  const variants = s.variants;
  const defs = VARIANT_CATALOGUE.filter((d) => d.category === cat);
  const exclusive = EXCLUSIVE[cat];
  const radioDefs = exclusive ? defs.filter((d) => exclusive.names.includes(d.name)) : [];
  const other = defs.filter((d) => !radioDefs.includes(d));
  const current = radioDefs.find((d) => keywordOf(variants, d.name));
  return (
    <fieldset class="panel variant-group">
      <legend>{t(`format.category.${cat}` as MessageKey)}</legend>
      {exclusive && (
        <div class="radios" role="radiogroup">
          {[null, ...radioDefs].map((d) => (
            <label class="check" key={d?.name ?? 'none'}>
              <input
                type="radio"
                name={`variant-${cat}`}
                checked={current === d || (!current && d === null)}
                onChange={() => setSettings({ variants: [...variants.filter((v) => !radioDefs.some((r) => r.name === parseVariant(v).name)), ...(d ? [d.name] : [])] })}
              />
              {d ? typeset(d.title[lang], lang) : t(exclusive.none)}
            </label>
          ))}
        </div>
      )}
      {other.map((def) => (
        <VariantControl key={def.name} def={def} variants={variants} setVariant={setVariant} />
      ))}
      {cat === 'scenarios' && (
        <>
          <label class="check">
            <input type="checkbox" checked={s[MISSING_TEXT_SETTING] === true} onChange={(e) => setSettings({ [MISSING_TEXT_SETTING]: e.currentTarget.checked })} />
            {t('format.demolitionRules')}
          </label>
          <p class="muted">{t('format.demolitionRulesHelp')}</p>
        </>
      )}
    </fieldset>
  );
}

/** The one-line description both ways: the settings worded, and a line read back into settings. */
function DescriptionPanel({ settings: s, setSettings }: Pick<FormatPartProps, 'settings' | 'setSettings'>) {
  const { t, lang } = useI18n();
  const { notify } = useServices();
  const [descText, setDescText] = useState('');
  const [descErrors, setDescErrors] = useState<string[]>([]);
  const readDescription = (): void => {
    const r = parseDescription(descText);
    if (r.ok) {
      setSettings({ points: r.settings.points, variants: r.settings.variants, rounds: r.settings.rounds });
      setDescErrors([]);
      notify(t('format.descriptionRead'));
    } else {
      setDescErrors(r.errors.map((er) => t(`description.${er.code}`, { text: er.text ?? '' })));
    }
  };
  return (
    <section class="panel">
      <h2>{t('format.description')}</h2>
      <p class="description-line" data-testid="description-line">
        {typeset(describeEvent(s, lang), lang)}
      </p>
      <p class="muted">{t('format.descriptionHelp')}</p>
      <textarea rows={3} value={descText} onInput={(e) => setDescText(e.currentTarget.value)} aria-label={t('format.description')} />
      <button type="button" class="btn" onClick={readDescription} disabled={!descText.trim()}>
        {t('format.readDescription')}
      </button>
      {descErrors.length > 0 && (
        <div class="error" role="alert">
          {t('format.descriptionErrors')}
          <ul>
            {descErrors.map((er, i) => (
              <li key={i}>{er}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

export function Sr2011Variants({ settings: s, setSettings }: FormatPartProps) {
  const { t } = useI18n();
  const setVariant: SetVariant = (name, keyword) => {
    const rest = s.variants.filter((v) => parseVariant(v).name !== name);
    setSettings({ variants: keyword ? [...rest, keyword] : rest });
  };
  return (
    <>
      <h2>{t('format.variants')}</h2>
      <div class="variant-grid">
        {CATEGORIES.map((cat) => (
          <VariantGroup key={cat} cat={cat} settings={s} setSettings={setSettings} setVariant={setVariant} />
        ))}
      </div>
      <DescriptionPanel settings={s} setSettings={setSettings} />
    </>
  );
}

export const SR2011_FORMAT: FormatUi = {
  pairingMethods: false,
  byeSetting: false,
  rounds: (event) => {
    const planned = plannedRounds(eventPlayerCount(event));
    return { label: { key: 'format.roundsByTable', params: { planned, players: eventPlayerCount(event) } }, fixedLabel: 'format.roundsFixed', fixedDefault: planned };
  },
  problems: (drafted, lang) =>
    validateVariants(drafted.settings, { playerCount: eventPlayerCount(drafted) }).map((p) => ({ text: typeset(variantProblemText(p, lang), lang), warning: p.warning === true })),
  Top: Sr2011Timing,
  Bottom: Sr2011Variants,
};
