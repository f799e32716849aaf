// The format tab for the systems other than SR2011 (whose annex variants have their own form):
// army size, how rounds are paired (Rackham seeding and its order, LotR Swiss or round robin),
// what a bye is worth, how many rounds, and the standings order in words. Checked by the
// system's own validateEvent and saved as one 'event-updated' action.
import { useMemo, useState } from 'preact/hooks';
import type { EventSettings as Settings } from '../../../../domain/event-file';
import { knockoutRoundCount, roundRobinRoundCount } from '../../../../domain/pairing';
import { systemProblemMessage } from '../../../../domain/systems';
import { useI18n } from '../../../../i18n';
import { saveErrorMessage } from '../../../errors';
import { useServices } from '../../../services';
import { uiFor } from '../../../systems';
import type { TabProps } from '../types';
import { byePointsOf, defaultByeScore, formatNumber, pairingKind, pointsText, RACKHAM_SIZES, systemOf } from './model';
import { effectiveSeedOrder, SeedOrderEditor } from './SeedOrderEditor';

type Draft = { name: string; date: string; settings: Settings };

export function SystemFormat({ event, dispatch }: TabProps) {
  const { t, lang } = useI18n();
  const { notify } = useServices();
  const [draft, setDraft] = useState<Draft>({ name: event.name, date: event.date, settings: event.settings });
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
  const changed = JSON.stringify(draft) !== JSON.stringify({ name: event.name, date: event.date, settings: event.settings });
  // only the settings' own problems: results and brackets are the rounds tab's business
  const problems = useMemo(() => system.validateEvent(drafted).filter((p) => p.path.startsWith('settings')), [system, s]);
  const seedOrder = effectiveSeedOrder(event.players, s.seedOrder);

  const save = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (problems.some((p) => !p.warning)) return notify(t('format.invalid'), 'error');
    if (!changed) return notify(t('format.unchanged'));
    setBusy(true);
    try {
      // only what this form changed: other screens write settings too (finished, duels)
      const changedSettings = Object.fromEntries(Object.entries(draft.settings).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(event.settings[k])));
      await dispatch({ type: 'event-updated', patch: { name: draft.name.trim() || event.name, date: draft.date, settings: changedSettings } });
      notify(t('format.saved'));
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    } finally {
      setBusy(false);
    }
  };

  const radio = (group: string, checked: boolean, onChange: () => void, label: string, disabled = false) => (
    <label class="check" key={label}>
      <input type="radio" name={group} checked={checked} disabled={disabled} onChange={onChange} />
      {label}
    </label>
  );

  const byeDefault = defaultByeScore(drafted);

  return (
    <form class="format system-format" onSubmit={save} aria-label={t('format.title')}>
      {paired && <p class="panel warning">{t('format.lockedAfterPairing')}</p>}
      <div class="panel form inline">
        <label>
          {t('format.name')}
          <input value={draft.name} onInput={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
        </label>
        <label>
          {t('format.date')}
          <input type="date" value={draft.date} onInput={(e) => setDraft({ ...draft, date: e.currentTarget.value })} />
        </label>
        {event.system !== 'confrontation-rackham' && (
          <label>
            {t('systems.format.size')}
            <input type="number" min={1} value={s.points} onInput={(e) => setSettings({ points: Math.max(1, Math.round(Number(e.currentTarget.value)) || 1) })} />
          </label>
        )}
      </div>

      <p class="muted system-name">{t('systems.format.system', { name: system.names[lang] })}</p>

      {event.system === 'confrontation-rackham' && (
        <fieldset class="panel">
          <legend>{t('systems.rackham.format')}</legend>
          <div class="radios" role="radiogroup" aria-label={t('systems.rackham.format')}>
            {RACKHAM_SIZES.map((n) =>
              radio('rackham-size', s.points === n, () => setSettings({ points: n }), t(n === 200 ? 'systems.rackham.challenge' : 'systems.rackham.points500'), paired),
            )}
          </div>
        </fieldset>
      )}

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
                <SeedOrderEditor players={event.players} order={seedOrder} disabled={paired} onChange={(order) => setSettings({ seedOrder: order })} />
              </>
            )}
          </>
        )}
        {event.system === 'lotr-sbg' && (
          <div class="radios" role="radiogroup" aria-label={t('systems.format.pairingMethod')}>
            {radio('pairing', s.pairing !== 'round-robin', () => setSettings({ pairing: 'swiss' }), t('systems.format.pairingSwiss'), paired)}
            {radio('pairing', s.pairing === 'round-robin', () => setSettings({ pairing: 'round-robin' }), t('systems.format.pairingRoundRobin'), paired)}
          </div>
        )}
        {kind === 'swiss' && (
          <>
            {event.system !== 'lotr-sbg' && <p>{t('systems.format.swiss')}</p>}
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

      <fieldset class="panel">
        <legend>{t('format.rounds')}</legend>
        {kind === 'knockout' && <p data-testid="rounds-line">{t('systems.format.roundsKnockout', { n: knockoutRoundCount(active.length), players: active.length })}</p>}
        {kind === 'round-robin' && <p data-testid="rounds-line">{t('systems.format.roundsRoundRobin', { n: roundRobinRoundCount(active.length), players: active.length })}</p>}
        {kind === 'swiss' && (
          <>
            {radio('rounds', s.rounds === null, () => setSettings({ rounds: null }), t('systems.format.roundsOpen'))}
            <div class="check-row">
              {radio('rounds', s.rounds !== null, () => setSettings({ rounds: s.rounds ?? 3 }), t('systems.format.roundsFixed'))}
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

      {kind !== 'knockout' && (
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
                setSettings({ byePoints: raw === '' ? null : raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : typed });
              }}
            />
          </label>
          <p class="muted">{t('systems.format.byeDefault', { value: pointsText(drafted, byeDefault, t, lang) })}</p>
        </fieldset>
      )}

      <section class="panel">
        <h2>{t('systems.format.standings')}</h2>
        <p class="standings-order" data-testid="order-help">
          {uiFor(drafted.system).standings.orderText(drafted, [], t, lang)}
        </p>
      </section>

      {problems.length > 0 && (
        <section class="panel problems" role="alert" aria-label={t('format.problems')}>
          <ul>
            {problems.map((p, i) => (
              <li key={i} class={p.warning ? 'muted' : ''}>
                {systemProblemMessage(p, lang)}
              </li>
            ))}
          </ul>
        </section>
      )}

      <div class="sticky-actions">
        <button type="submit" class="btn primary big" disabled={busy || !changed}>
          {t('format.save')}
        </button>
      </div>
    </form>
  );
}
