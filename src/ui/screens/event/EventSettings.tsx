// The event's format: size, annex variants, rounds, pairing criteria, and the one-line
// description both ways. Edited as a draft and saved as one 'event-updated' action.
import { format } from 'date-fns';
import { useMemo, useState } from 'preact/hooks';
import type { EventSettings as Settings } from '../../../domain/event-file';
import {
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
import { saveErrorMessage } from '../../errors';
import { useServices } from '../../services';
import { isSr2011 } from './systems/model';
import { SystemFormat } from './systems/SystemFormat';
import type { TabProps } from './types';

const CATEGORIES: VariantCategory[] = ['standings', 'timing', 'victory', 'lists', 'painting', 'scenarios'];
/** Variants that exclude each other are shown as one choice (radio), the rest as check boxes. */
const EXCLUSIVE: Partial<Record<VariantCategory, { names: string[]; none: MessageKey }>> = {
  standings: {
    names: ['control-points-standings', 'scenario-standings', 'assassination-standings', 'attrition-standings', 'survival-standings', 'final-tables'],
    none: 'format.standingsBase',
  },
  timing: { names: ['relaxed-timing', 'accelerated-timing', 'hardcore-timing'], none: 'format.timingNormal' },
};

type Draft = { name: string; date: string; settings: Settings };

function keywordOf(variants: readonly string[], name: string): string | undefined {
  return variants.find((v) => parseVariant(v).name === name);
}

/** SR2011 has its annex variants; every other system has the format its GameSystem describes. */
export function EventSettings(props: TabProps) {
  return isSr2011(props.event) ? <Sr2011Settings {...props} /> : <SystemFormat {...props} />;
}

function Sr2011Settings({ event, dispatch }: TabProps) {
  const { t, lang } = useI18n();
  const { notify, now } = useServices();
  const [draft, setDraft] = useState<Draft>({ name: event.name, date: event.date, settings: event.settings });
  const [descText, setDescText] = useState('');
  const [descErrors, setDescErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const s = draft.settings;
  const setSettings = (patch: Partial<Settings>): void => setDraft({ ...draft, settings: { ...s, ...patch } });
  const variants = s.variants;
  const setVariant = (name: string, keyword: string | null): void => {
    const rest = variants.filter((v) => parseVariant(v).name !== name);
    setSettings({ variants: keyword ? [...rest, keyword] : rest });
  };

  const activePlayers = eventPlayerCount(event);
  const problems = useMemo(() => validateVariants(s, { playerCount: activePlayers }), [s, activePlayers]);
  const errors = problems.filter((p) => !p.warning);
  const timing = eventTiming(s);
  const gameMinutes = plannedGameMinutes(timing);
  const dayStart = typeof s.dayStart === 'string' ? s.dayStart : '09:30';
  const planned = s.rounds ?? plannedRounds(activePlayers);
  const schedule = useMemo(() => {
    if (gameMinutes === null) return [];
    const [h, m] = dayStart.split(':').map(Number);
    const start = new Date(`${draft.date}T00:00:00`);
    start.setHours(h ?? 9, m ?? 30, 0, 0);
    return roundSchedule(start.getTime(), planned, gameMinutes);
  }, [gameMinutes, dayStart, planned, draft.date]);
  const changed = JSON.stringify(draft) !== JSON.stringify({ name: event.name, date: event.date, settings: event.settings });

  const save = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (errors.length > 0) return notify(t('format.invalid'), 'error');
    if (!changed) return notify(t('format.unchanged'));
    setBusy(true);
    try {
      // Only the settings this form changed: other screens write settings too (event finished,
      // extra rounds) and a draft opened before them must not write their old values back.
      const changedSettings = Object.fromEntries(
        Object.entries(draft.settings).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(event.settings[k])),
      );
      await dispatch({ type: 'event-updated', patch: { name: draft.name.trim() || event.name, date: draft.date, settings: changedSettings } });
      notify(t('format.saved'));
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    } finally {
      setBusy(false);
    }
  };

  const readDescription = (): void => {
    const r = parseDescription(descText);
    if (r.ok) {
      setDraft({ ...draft, settings: { ...s, points: r.settings.points, variants: r.settings.variants, rounds: r.settings.rounds } });
      setDescErrors([]);
      notify(t('format.descriptionRead'));
    } else {
      setDescErrors(r.errors.map((er) => t(`description.${er.code}`, { text: er.text ?? '' })));
    }
  };

  const variantControl = (def: VariantDef) => {
    const kw = keywordOf(variants, def.name);
    const p = kw ? parseVariant(kw).param : null;
    const title = def.title[lang];
    switch (def.param) {
      case 'none':
        return (
          <label class="check" key={def.name}>
            <input type="checkbox" checked={!!kw} onChange={(e) => setVariant(def.name, e.currentTarget.checked ? def.name : null)} />
            {title}
          </label>
        );
      case 'count':
      case 'tier':
        return (
          <div class="check-row" key={def.name}>
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
          <div class="radios" role="radiogroup" aria-label={title} key={def.name}>
            {[null, 'minimum', 'hardcore'].map((level) => (
              <label class="check" key={String(level)}>
                <input type="radio" name="painting" checked={p === level || (!kw && level === null)} onChange={() => setVariant(def.name, level ? `${def.name}:${level}` : null)} />
                {level === null ? t('format.paintingNone') : VARIANT_CATALOGUE.find((d) => d.name === def.name)!.phrase[lang](level)}
              </label>
            ))}
          </div>
        );
      case 'scenarios': {
        const chosen = new Set((p ?? '').split(',').filter(Boolean));
        return (
          <fieldset class="scenario-picks" key={def.name}>
            <legend>{title}</legend>
            {SCENARIOS.map((sc) => (
              <label class="check" key={sc.id}>
                <input
                  type="checkbox"
                  checked={chosen.has(sc.id)}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.currentTarget.checked) next.add(sc.id);
                    else next.delete(sc.id);
                    setVariant(def.name, next.size ? `${def.name}:${SCENARIOS.filter((x) => next.has(x.id)).map((x) => x.id).join(',')}` : null);
                  }}
                />
                {scenarioName(sc.id, lang)}
              </label>
            ))}
          </fieldset>
        );
      }
    }
  };

  const category = (cat: VariantCategory) => {
    const defs = VARIANT_CATALOGUE.filter((d) => d.category === cat);
    const exclusive = EXCLUSIVE[cat];
    const radioDefs = exclusive ? defs.filter((d) => exclusive.names.includes(d.name)) : [];
    const other = defs.filter((d) => !radioDefs.includes(d));
    const current = radioDefs.find((d) => keywordOf(variants, d.name));
    return (
      <fieldset class="panel variant-group" key={cat}>
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
                {d ? d.title[lang] : t(exclusive.none)}
              </label>
            ))}
          </div>
        )}
        {other.map(variantControl)}
      </fieldset>
    );
  };

  const fmt = (ms: number): string => format(ms, 'HH:mm');
  return (
    <form class="format" onSubmit={save} aria-label={t('format.title')}>
      {event.rounds.length > 0 && <p class="panel warning">{t('format.lockedAfterPairing')}</p>}
      <div class="panel form inline">
        <label>
          {t('format.name')}
          <input value={draft.name} onInput={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
        </label>
        <label>
          {t('format.date')}
          <input type="date" value={draft.date} onInput={(e) => setDraft({ ...draft, date: e.currentTarget.value })} />
        </label>
        <label>
          {t('format.points')}
          <input type="number" min={1} value={s.points} onInput={(e) => setSettings({ points: Math.max(1, Number(e.currentTarget.value) || 1) })} />
        </label>
      </div>

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

      <fieldset class="panel">
        <legend>{t('format.rounds')}</legend>
        <label class="check">
          <input type="radio" name="rounds" checked={s.rounds === null} onChange={() => setSettings({ rounds: null })} />
          {t('format.roundsByTable', { planned: plannedRounds(activePlayers), players: activePlayers })}
        </label>
        <div class="check-row">
          <label class="check">
            <input type="radio" name="rounds" checked={s.rounds !== null} onChange={() => setSettings({ rounds: plannedRounds(activePlayers) })} />
            {t('format.roundsFixed')}
          </label>
          {s.rounds !== null && (
            <label class="inline-number">
              {t('format.roundsCount')}
              <input type="number" min={1} max={20} value={s.rounds} onInput={(e) => setSettings({ rounds: Math.max(1, Math.round(Number(e.currentTarget.value) || 1)) })} />
            </label>
          )}
        </div>
      </fieldset>

      <fieldset class="panel">
        <legend>{t('format.pairing')}</legend>
        <label class="check">
          <input type="checkbox" checked={s.avoidSameClub === true} onChange={(e) => setSettings({ avoidSameClub: e.currentTarget.checked })} />
          {t('format.avoidSameClub')}
        </label>
        <label class="check">
          <input type="checkbox" checked={s.avoidSameTable === true} onChange={(e) => setSettings({ avoidSameTable: e.currentTarget.checked })} />
          {t('format.avoidSameTable')}
        </label>
      </fieldset>

      <h2>{t('format.variants')}</h2>
      <div class="variant-grid">{CATEGORIES.map(category)}</div>

      {problems.length > 0 && (
        <section class="panel problems" role="alert" aria-label={t('format.problems')}>
          <ul>
            {problems.map((p, i) => (
              <li key={i} class={p.warning ? 'muted' : ''}>
                {variantProblemText(p, lang)}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section class="panel">
        <h2>{t('format.description')}</h2>
        <p class="description-line" data-testid="description-line">
          {describeEvent(s, lang)}
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

      <div class="sticky-actions">
        <button type="submit" class="btn primary big" disabled={busy || !changed}>
          {t('format.save')}
        </button>
      </div>
    </form>
  );
}
