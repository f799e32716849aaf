// The format tab, for every system: name, date, army size, how rounds are paired (Swiss criteria,
// a knockout's seeding and its order, LotR's Swiss or round robin), how many rounds, what a bye
// is worth and the standings order in words; SR2011 adds its timing, annex variants and the
// one-line description (its format companion). Checked by the system's own rules and saved as
// one 'event-updated' action.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { EventFile, EventSettings as Settings } from '../../../domain/event-file';
import { knockoutRoundCount, roundRobinRoundCount } from '../../../domain/pairing';
import { systemProblemMessage } from '../../../domain/systems';
import { useI18n, type Lang } from '../../../i18n';
import { saveErrorMessage } from '../../errors';
import { useServices } from '../../services';
import { useTurns } from '../../components/VirtualRows';
import { uiFor } from '../../systems';
import { SIZES } from '../../systems/sizes';
import { pointsText } from '../../systems/shared/words';
import { byePointsOf, defaultByeScore, formatNumber, pairingKind, systemOf } from '../../systems/shared/model';
import { effectiveSeedOrder, SeedOrderEditor } from '../../systems/shared/SeedOrderEditor';
import type { TabProps } from './types';
import { typeset } from '../../../i18n/typography';

type Draft = { name: string; date: string; settings: Settings };

/**
 * The form's draft and what it started from: only what the organizer changed since is written,
 * never a value another screen or device changed meanwhile written back from the form's old copy
 * (an event reopened from the standings while this form was open). An untouched form follows
 * the event. One state, so a change typed before the event's next version lands is never lost.
 */
function useDraft(event: EventFile) {
  const shown: Draft = { name: event.name, date: event.date, settings: event.settings };
  const [form, setForm] = useState<{ draft: Draft; opened: Draft }>({ draft: shown, opened: shown });
  const same = (a: Draft, b: Draft): boolean => JSON.stringify(a) === JSON.stringify(b);
  useEffect(() => {
    setForm((f) => (same(f.draft, f.opened) && !same(f.opened, shown) ? { draft: shown, opened: shown } : f));
  }, [event.name, event.date, event.settings]);
  const { draft, opened } = form;
  const changedSettings = Object.fromEntries(Object.entries(draft.settings).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(opened.settings[k])));
  return {
    draft,
    opened,
    changedSettings,
    changed: draft.name !== opened.name || draft.date !== opened.date || Object.keys(changedSettings).length > 0,
    setDraft: (next: Draft | ((d: Draft) => Draft)): void => setForm((f) => ({ ...f, draft: typeof next === 'function' ? next(f.draft) : next })),
    /** saved: the draft is what the event now says */
    setOpened: (): void => setForm((f) => ({ ...f, opened: f.draft })),
  };
}

export function EventSettings({ event, dispatch }: TabProps) {
  const { t, lang } = useI18n();
  const { notify } = useServices();
  const ui = uiFor(event.system);
  const fmt = ui.format;
  const size = SIZES[event.system];
  const { draft, setDraft, opened, setOpened, changedSettings, changed } = useDraft(event);
  const [busy, setBusy] = useState(false);
  // as typed, so "1,5" or a slip can be shown back while validateEvent names the problem
  const [byeInput, setByeInput] = useState(() => {
    const v = byePointsOf(event.settings);
    return v === null ? '' : formatNumber(v, lang);
  });
  const s = draft.settings;
  const setSettings = (patch: Partial<Settings>): void => setDraft((d) => ({ ...d, settings: { ...d.settings, ...patch } }));
  const system = systemOf(event);
  const drafted = { ...event, settings: s };
  const kind = pairingKind(drafted);
  const paired = event.rounds.length > 0;
  const active = event.players.filter((p) => !p.dropped);
  // only the settings' own problems: results and brackets are the rounds tab's business
  const problems = useMemo(() => settingsProblems(drafted, fmt, system, lang), [system, s, lang]);
  const seedOrder = effectiveSeedOrder(event.players, s.seedOrder);
  const rounds = fmt.rounds(event);
  const part = { event, settings: s, setSettings, date: draft.date };
  // The form below its first fieldsets comes a frame later: drawn whole, its first frame laid out
  // ~340 objects (a 52 ms frame on a tablet 4x slower than a laptop at the tab's first opening);
  // at 1024x768 what comes later starts below the fold
  const whole = useTurns(1) >= 1;

  const save = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (problems.some((p) => !p.warning)) return notify(t('format.invalid'), 'error');
    if (!changed) return notify(t('format.unchanged'));
    setBusy(true);
    try {
      // Only what this form changed: other screens write settings too (event finished, extra
      // rounds, duels), other devices the name, and a draft opened before them must not write
      // their old values back.
      await dispatch({
        type: 'event-updated',
        patch: {
          ...(draft.name !== opened.name && { name: draft.name.trim() || event.name }),
          ...(draft.date !== opened.date && { date: draft.date }),
          settings: changedSettings,
        },
      });
      setOpened();
      notify(t('format.saved'));
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="format" onSubmit={save} aria-label={t('format.title')}>
      {paired && <p class="panel warning">{t('format.lockedAfterPairing')}</p>}
      <NameDateSize draft={draft} setDraft={setDraft} sizeLabel={size.label} setSettings={setSettings} />

      <p class="muted system-name">{t('systems.format.system', { name: system.names[lang] })}</p>

      {size.choices && <SizeChoices label={t(size.choicesLabel ?? 'systems.format.size')} choices={size.choices} points={s.points} setSettings={setSettings} paired={paired} />}

      {fmt.Top && <fmt.Top {...part} />}

      {whole && (
        <>
          <PairingFieldset kind={kind} s={s} setSettings={setSettings} paired={paired} seedOrder={seedOrder} players={event.players} pairingMethods={fmt.pairingMethods === true} />

          <RoundsFieldset kind={kind} s={s} setSettings={setSettings} players={active.length} rounds={rounds} />

          {fmt.byeSetting && kind !== 'knockout' && <ByeFieldset drafted={drafted} byeInput={byeInput} setByeInput={setByeInput} setSettings={setSettings} />}

          {fmt.Bottom && <fmt.Bottom {...part} />}

          <section class="panel">
            <h2>{t('systems.format.standings')}</h2>
            <p class="standings-order" data-testid="order-help">
              {ui.standings.orderText(drafted, [], t, lang)}
            </p>
          </section>
        </>
      )}

      <SettingsProblems problems={problems} />

      <div class="sticky-actions">
        <button type="submit" class="btn primary big" disabled={busy || !changed}>
          {t('format.save')}
        </button>
      </div>
    </form>
  );
}

type Problem = { text: string; warning: boolean };
type Checked = { event: EventFile; settings: Settings; lang: Lang; problems: Problem[] };

/**
 * The last answer of the check below, kept while the event and the draft's settings are the same
 * objects (the store gives a new event object on every change): reopening the tab does not
 * re-check every player (~4 ms at 512 players on a fast machine, four times that on a cheap
 * tablet, more at 4,096).
 */
let lastChecked: Checked | null = null;

function settingsProblems(drafted: EventFile, fmt: ReturnType<typeof uiFor>['format'], system: ReturnType<typeof systemOf>, lang: Lang): Problem[] {
  const hit = lastChecked;
  if (hit && hit.lang === lang && hit.settings === drafted.settings && sameEventBut(hit.event, drafted)) return hit.problems;
  const problems = [
    ...fmt.problems(drafted, lang),
    // settings are checked against the players (seeds, duels), never the rounds: leaving the
    // rounds out spares re-checking every result of a 4,096-player event on each change
    ...system
      .validateEvent({ ...drafted, rounds: [] })
      .filter((p) => p.path.startsWith('settings'))
      .map((p) => ({ text: typeset(systemProblemMessage(p, lang), lang), warning: p.warning === true })),
  ];
  lastChecked = { event: drafted, settings: drafted.settings, lang, problems };
  return problems;
}

/** The drafted copies ({...event, settings}) of one event differ in no field but the settings. */
const sameEventBut = (a: EventFile, b: EventFile): boolean =>
  (Object.keys(b) as (keyof EventFile)[]).every((k) => k === 'settings' || a[k] === b[k]) && Object.keys(a).length === Object.keys(b).length;

type SetSettings = (patch: Partial<Settings>) => void;

function radio(group: string, checked: boolean, onChange: () => void, label: string, disabled = false) {
  return (
    <label class="check" key={label}>
      <input type="radio" name={group} checked={checked} disabled={disabled} onChange={onChange} />
      {label}
    </label>
  );
}

/** How rounds are paired: a knockout's seeding (and the organizer's order), Swiss or round robin, the Swiss options. */
function PairingFieldset({
  kind,
  s,
  setSettings,
  paired,
  seedOrder,
  players,
  pairingMethods,
}: {
  kind: ReturnType<typeof pairingKind>;
  s: Settings;
  setSettings: SetSettings;
  paired: boolean;
  seedOrder: string[];
  players: TabProps['event']['players'];
  pairingMethods: boolean;
}) {
  const { t } = useI18n();
  return (
    <fieldset class="panel">
      <legend>{t('format.pairing')}</legend>
      {kind === 'knockout' && (
        <>
          <p>{t('systems.format.knockout')}</p>
          <div class="radios" role="radiogroup" aria-label={t('systems.format.seeding')}>
            <span class="choices-label">{t('systems.format.seeding')}</span>
            {radio('seeding', s.seeding !== 'organizer', () => setSettings({ seeding: 'random' }), t('systems.format.seedingRandom'), paired)}
            {radio('seeding', s.seeding === 'organizer', () => setSettings({ seeding: 'organizer', seedOrder }), t('systems.format.seedingOrganizer'), paired)}
          </div>
          {s.seeding === 'organizer' && (
            <>
              <h3>{t('systems.format.seedOrder')}</h3>
              <p class="muted">{paired ? t('systems.format.seedLocked') : t('systems.format.seedHelp')}</p>
              <SeedOrderEditor players={players} order={seedOrder} disabled={paired} onChange={(order) => setSettings({ seedOrder: order })} />
            </>
          )}
        </>
      )}
      {pairingMethods && (
        <div class="radios" role="radiogroup" aria-label={t('systems.format.pairingMethod')}>
          {radio('pairing', s.pairing !== 'round-robin', () => setSettings({ pairing: 'swiss' }), t('systems.format.pairingSwiss'), paired)}
          {radio('pairing', s.pairing === 'round-robin', () => setSettings({ pairing: 'round-robin' }), t('systems.format.pairingRoundRobin'), paired)}
        </div>
      )}
      {kind === 'swiss' && (
        <>
          {!pairingMethods && <p>{t('systems.format.swiss')}</p>}
          <label class="check">
            <input type="checkbox" checked={s.avoidSameClub === true} onChange={(e) => setSettings({ avoidSameClub: e.currentTarget.checked })} />
            {t('format.avoidSameClub')}
          </label>
          <label class="check">
            <input type="checkbox" checked={s.avoidSameTable === true} onChange={(e) => setSettings({ avoidSameTable: e.currentTarget.checked })} />
            {t('format.avoidSameTable')}
          </label>
        </>
      )}
    </fieldset>
  );
}

/** How many rounds: a knockout's and a round robin's follow from the players; a Swiss event's as the system says, or fixed. */
function RoundsFieldset({
  kind,
  s,
  setSettings,
  players,
  rounds,
}: {
  kind: ReturnType<typeof pairingKind>;
  s: Settings;
  setSettings: SetSettings;
  players: number;
  rounds: ReturnType<ReturnType<typeof uiFor>['format']['rounds']>;
}) {
  const { t } = useI18n();
  return (
    <fieldset class="panel">
      <legend>{t('format.rounds')}</legend>
      {kind === 'knockout' && <p data-testid="rounds-line">{t('systems.format.roundsKnockout', { n: knockoutRoundCount(players), players })}</p>}
      {kind === 'round-robin' && <p data-testid="rounds-line">{t('systems.format.roundsRoundRobin', { n: roundRobinRoundCount(players), players })}</p>}
      {kind === 'swiss' && (
        <>
          {radio('rounds', s.rounds === null, () => setSettings({ rounds: null }), t(rounds.label.key, rounds.label.params))}
          <div class="check-row">
            {radio('rounds', s.rounds !== null, () => setSettings({ rounds: s.rounds ?? rounds.fixedDefault }), t(rounds.fixedLabel))}
            {s.rounds !== null && (
              <label class="inline-number">
                {t('format.roundsCount')}
                <input type="number" min={1} max={20} value={s.rounds} onInput={(e) => setSettings({ rounds: Math.max(1, Math.round(Number(e.currentTarget.value) || 1)) })} />
              </label>
            )}
          </div>
        </>
      )}
    </fieldset>
  );
}

/** What a bye is worth, as typed ("1,5" shown back while the check names the problem). */
function ByeFieldset({
  drafted,
  byeInput,
  setByeInput,
  setSettings,
}: {
  drafted: TabProps['event'];
  byeInput: string;
  setByeInput: (typed: string) => void;
  setSettings: SetSettings;
}) {
  const { t, lang } = useI18n();
  const byeDefault = defaultByeScore(drafted);
  return (
    <fieldset class="panel">
      <legend>{t('systems.format.bye')}</legend>
      <label class="inline-number">
        {t('systems.format.byePoints')}
        <input
          type="text"
          inputMode="decimal"
          value={byeInput}
          placeholder={formatNumber(byeDefault, lang)}
          onInput={(e) => {
            const typed = e.currentTarget.value;
            setByeInput(typed);
            const raw = typed.trim().replace(',', '.');
            setSettings({ byePoints: raw === '' ? null : Number.isFinite(Number(raw)) ? Number(raw) : typed });
          }}
        />
      </label>
      <p class="muted">{t('systems.format.byeDefault', { value: pointsText(drafted, byeDefault, t, lang) })}</p>
    </fieldset>
  );
}

function SettingsProblems({ problems }: { problems: { text: string; warning: boolean }[] }) {
  const { t } = useI18n();
  if (problems.length === 0) return null;
  return (
    <section class="panel problems" role="alert" aria-label={t('format.problems')}>
      <ul>
        {problems.map((p, i) => (
          <li key={i} class={p.warning ? 'muted' : ''}>
            {p.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

function NameDateSize({
  draft,
  setDraft,
  sizeLabel,
  setSettings,
}: {
  draft: Draft;
  setDraft: (draft: Draft) => void;
  sizeLabel: (typeof SIZES)[keyof typeof SIZES]['label'];
  setSettings: SetSettings;
}) {
  const { t } = useI18n();
  return (
    <div class="panel form inline">
      <label>
        {t('format.name')}
        <input value={draft.name} onInput={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
      </label>
      <label>
        {t('format.date')}
        <input type="date" value={draft.date} onInput={(e) => setDraft({ ...draft, date: e.currentTarget.value })} />
      </label>
      {sizeLabel && (
        <label>
          {t(sizeLabel)}
          <input type="number" min={1} value={draft.settings.points} onInput={(e) => setSettings({ points: Math.max(1, Math.round(Number(e.currentTarget.value)) || 1) })} />
        </label>
      )}
    </div>
  );
}

/** A system whose sizes are named formats (Rackham's) picks one. */
function SizeChoices({
  label,
  choices,
  points,
  setSettings,
  paired,
}: {
  label: string;
  choices: NonNullable<(typeof SIZES)[keyof typeof SIZES]['choices']>;
  points: number;
  setSettings: SetSettings;
  paired: boolean;
}) {
  const { t } = useI18n();
  return (
    <fieldset class="panel">
      <legend>{label}</legend>
      <div class="radios" role="radiogroup" aria-label={label}>
        {choices.map((c) => radio('size', points === c.points, () => setSettings({ points: c.points }), t(c.label), paired))}
      </div>
    </fieldset>
  );
}
