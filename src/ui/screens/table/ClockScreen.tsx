// The shared turn clock (SR2011 timed by its format, a turn counter for the systems without a
// clock of their own): two halves, one per player, each a big button that ends its owner's turn;
// a bar between them with the turn, the pause, undo and the end of the game. In portrait
// the top half is turned 180° so the player across the table reads their own time.
//
// Everything shown is `view` (clockView at now): the sealed round end is never read here, so the
// DOM cannot reveal it; DICE DOWN appears once the fold says the end has passed.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ClockAction, ClockConfig, ClockView } from '../../../domain/clock';
import { type Lang, useI18n, type MessageKey } from '../../../i18n';
import type { TableGameRecord } from '../../../store/table-games';
import { formatDuration } from '../../use-now';
import { playerMeta, refusalText, SIDES, type Side } from './parts';
import { signal } from './signal';
import { ClockSkewNote, LimitCall } from './time-limit';
import { type ClockScenario, tablePartsFor } from '../../systems/table-parts';
import type { SealState } from './use-table-game';

export interface ClockScreenProps {
  record: TableGameRecord;
  config: ClockConfig;
  view: ClockView;
  seal: SealState;
  /** stores the action; resolves to its refusal, or null once it is on disk */
  send: (action: ClockAction) => Promise<string | null>;
  now: () => number;
  /** dice down with no scoring left: open the time-out wizard */
  onTiebreak: () => void;
  /** the game ended in a way the clock does not know: the result form, blank */
  onOtherEnd: () => void;
  exitHref: string;
}

type EndChoice = { action: ClockAction; label: string } | null;

/** The scenario the clock scores, as the table's system describes it; null without one. */
function scenarioOf(record: TableGameRecord, view: ClockView, lang: Lang): ClockScenario | null {
  const { clock } = tablePartsFor(record.ticket);
  return view.scenario && clock.kind === 'turns' && clock.scenario ? clock.scenario(view.scenario.id, lang) : null;
}

const ELEMENT_KEYS: Record<string, MessageKey> = {
  zone: 'table.element.zone',
  flag: 'table.element.flag',
  objective: 'table.element.objective',
  box: 'table.element.box',
};

export function ClockScreen({ record, config, view, seal, send, now, onTiebreak, onOtherEnd, exitHref }: ClockScreenProps) {
  const { t, lang } = useI18n();
  const { ticket } = record;
  const [message, setMessage] = useFadingMessage();
  const [menu, setMenu] = useState<'end' | 'undo' | null>(null);
  const [confirmEnd, setConfirmEnd] = useState<EndChoice>(null);
  const [diceDownSeen, setDiceDownSeen] = useState(false);
  const name = (s: Side): string => ticket[s].name;

  useClockSignals(view);

  const act = async (action: ClockAction, quiet: string[] = []): Promise<boolean> => {
    const why = await send(action);
    if (why !== null && !quiet.includes(why)) {
      // a refused CP tap says what the scenario allows, not only that it was refused
      const cap = view.scenario?.turnCap ?? null;
      const text = why === 'turn-cap' && cap !== null && action.type === 'score' ? t('table.turnCapReached', { n: cap, name: name(action.player) }) : refusalText(t, why);
      setMessage({ text, at: now() });
    }
    return why === null;
  };
  const live = view.phase === 'running' || view.phase === 'paused';
  const card = scenarioOf(record, view, lang);
  const halfProps = { record, config, view, act, now };
  const diceDownScoring = view.phase === 'dice-down' && view.scenario !== null && !view.diceDownAcknowledged;

  return (
    <main class={`table-screen phase-${view.phase}`} data-phase={view.phase} data-mode={view.mode}>
      {/* the screen's heading for a screen reader and the document title; the clock says the rest */}
      <h1 class="visually-hidden">{t('table.setup.context', { event: ticket.eventName, round: ticket.round, table: ticket.table })}</h1>
      <Half side="a" position="top" {...halfProps} />
      <div class="table-bar" role="group" aria-label={t('table.home.title')}>
        <div class="bar-line">
          <a class="btn bar-exit" href={exitHref} aria-label={t('nav.back')}>
            ←
          </a>
          <strong class="bar-turn" data-testid="turn">
            {view.phase === 'not-started' || view.active === null ? t('table.notStarted') : t('table.turnOf', { n: view.turn, name: name(view.active) })}
          </strong>
          <BarButtons view={view} live={live} diceDownScoring={diceDownScoring} act={act} now={now} onMenu={setMenu} onTiebreak={onTiebreak} />
        </div>
        <BarNotes record={record} view={view} seal={seal} diceDownScoring={diceDownScoring} message={message?.text ?? null} />
      </div>
      <Half side="b" position="bottom" {...halfProps} />

      {view.phase === 'dice-down' && !diceDownSeen && (
        <DiceDownCall
          onContinue={() => {
            setDiceDownSeen(true);
            if (!diceDownScoring) onTiebreak();
          }}
        />
      )}
      {menu === 'undo' && (
        <div class="table-dialog" role="dialog" aria-modal="true" aria-label={t('table.undo')}>
          <p>{t('table.undoConfirm')}</p>
          <ConfirmRow
            label={t('table.undo')}
            onCancel={() => setMenu(null)}
            onConfirm={() => {
              setMenu(null);
              void act({ type: 'undo', at: now() }).then((ok) => ok && setMessage({ text: t('table.undone'), at: now() }));
            }}
          />
        </div>
      )}
      {menu === 'end' && (
        <EndDialog
          choices={endChoicesFor(record, config, view, card, t)}
          confirmEnd={confirmEnd}
          setConfirmEnd={setConfirmEnd}
          onClose={() => setMenu(null)}
          onEnd={(action) => void act({ ...action, at: now() })}
          onOtherEnd={onOtherEnd}
        />
      )}
    </main>
  );
}

type Act = (action: ClockAction, quiet?: string[]) => Promise<boolean>;

interface HalfProps {
  side: Side;
  position: 'top' | 'bottom';
  record: TableGameRecord;
  config: ClockConfig;
  view: ClockView;
  act: Act;
  now: () => number;
}

/** What one half shows: its state (for the colours), the time's label and value, and the status line. */
function halfTexts(view: ClockView, config: ClockConfig, side: Side, t: ReturnType<typeof useI18n>['t']) {
  const live = view.phase === 'running' || view.phase === 'paused';
  const active = view.active === side;
  const out = view.reserveExpired === side;
  const expired = active && view.turnExpired && live;
  const windowOpen = active && live && (view.extensionWindowRemainingMs ?? 0) > 0;
  const state = out ? 'out' : expired ? 'expired' : active && view.extensionRunning ? 'extension' : active && live ? 'active' : 'waiting';
  let label: string;
  let time: string;
  if (view.mode === 'turns') {
    label = t('table.turnLabel');
    time = formatDuration(active && view.turnRemainingMs !== null ? view.turnRemainingMs : (config.turnMs ?? 0));
  } else if (view.mode === 'reserve') {
    label = t('table.reserveLabel');
    time = formatDuration(view.reserveRemainingMs?.[side] ?? 0);
  } else {
    label = t('table.usedLabel');
    time = formatDuration(view.usedMs[side]);
  }
  const takingTime = view.mode === 'reserve' && view.phase === 'paused' && view.running === side;
  const status = out
    ? t('table.reserveOut')
    : expired
      ? t('table.turnExpired')
      : takingTime
        ? t('table.takingTime')
        : active && live
          ? t('table.yourTurn')
          : view.phase === 'not-started' && config.firstPlayer === side
            ? t('table.first')
            : t('table.waiting');
  return { active, live, expired, windowOpen, state, label, time, status };
}

/** One player's half: a big button that ends their turn, their time, and their tools below. */
function Half({ side, position, record, config, view, act, now }: HalfProps) {
  const { t, lang } = useI18n();
  const { ticket, setup } = record;
  const name = (s: Side): string => ticket[s].name;
  const { active, live, expired, windowOpen, state, label, time, status } = halfTexts(view, config, side, t);
  return (
    <section class={`half ${position}`} data-side={side} data-state={state} aria-label={name(side)}>
      <button
        type="button"
        class="half-tap"
        disabled={!(active && live)}
        aria-label={t('table.endTurn', { name: name(side) })}
        onClick={() => void act({ type: 'end-turn', at: now(), player: side }, ['not-your-turn'])}
      >
        <span class="half-name">{name(side)}</span>
        <span class="half-meta">{playerMeta(ticket, setup, side)}</span>
        <span class="half-label">{label}</span>
        <span class="half-time" role="timer" aria-live="off" data-testid={`time-${side}`}>
          {time}
        </span>
        <span class="half-status" data-testid={`status-${side}`}>
          {status}
        </span>
        {windowOpen && (
          <span class="half-window" data-testid={`window-${side}`}>
            {t('table.extensionWindow', { time: formatDuration(view.extensionWindowRemainingMs ?? 0) })}
          </span>
        )}
      </button>
      <HalfTools
        side={side}
        config={config}
        view={view}
        act={act}
        now={now}
        name={name(side)}
        expired={expired}
        active={active}
        live={live}
        card={scenarioOf(record, view, lang)}
      />
    </section>
  );
}

/** Under a half: the extension, the scenario's control points and the scoring buttons. */
function HalfTools({
  side,
  config,
  view,
  act,
  now,
  name,
  expired,
  active,
  live,
  card,
}: Omit<HalfProps, 'position' | 'record'> & { name: string; expired: boolean; active: boolean; live: boolean; card: ClockScenario | null }) {
  const { t } = useI18n();
  const elementCap = card?.cpPerElementCap ?? null;
  const elements = card?.elements ?? [];
  const cp = view.scenario?.cp[side] ?? 0;
  const target = view.scenario?.target ?? null;
  const canScore = view.scenario?.scoringOpen === true;
  // taps past the turn's cap stay tappable so the refusal can say why; they look spent
  const capLeft = view.scenario?.turnCpLeft[side] ?? 0;
  const spent = view.scenario?.turnCap !== null && capLeft === 0;
  const scoredThisTurn = view.scenario?.turnElements[side] ?? [];
  return (
    <div class="half-tools">
      {view.mode === 'turns' &&
        (live || view.phase === 'not-started' || view.extensionUsed[side]) &&
        (config.extensionMs === null ? (
          <span class="chip muted">{t('table.noExtension')}</span>
        ) : view.extensionUsed[side] ? (
          <span class="chip used" data-testid={`extension-used-${side}`}>
            {active && view.extensionRunning ? t('table.extensionRunning') : t('table.extensionUsed')}
          </span>
        ) : view.canDeclareExtension[side] ? (
          <button type="button" class={`btn ${expired ? 'primary' : ''}`} onClick={() => void act({ type: 'extension', at: now(), player: side })}>
            {t('table.extensionDeclare', { min: Math.round(config.extensionMs / 60_000) })}
          </button>
        ) : (
          <span class="chip">{t('table.extensionAvailable')}</span>
        ))}
      {view.scenario && card?.win === 'control-points' && (
        <span class="chip cp" data-testid={`cp-${side}`}>
          {target === null ? t('table.cp', { n: cp }) : t('table.cpTarget', { n: cp, target })}
        </span>
      )}
      {canScore &&
        (elementCap !== null && elements.length > 0 ? (
          elements.map((kind, i) => {
            const element = t(ELEMENT_KEYS[kind] ?? 'table.element.zone', { n: i + 1 });
            return (
              <button
                key={i}
                type="button"
                class="btn"
                disabled={view.scenario!.lockedElements.includes(i + 1)}
                aria-disabled={spent || scoredThisTurn.includes(i + 1) ? 'true' : undefined}
                data-spent={spent || scoredThisTurn.includes(i + 1) ? '' : undefined}
                aria-label={t('table.scoreElementOf', { name, element })}
                onClick={() => void act({ type: 'score', at: now(), player: side, element: i + 1, cp: 1 })}
              >
                {t('table.scoreElement', { element })}
              </button>
            );
          })
        ) : (
          <button
            type="button"
            class="btn"
            aria-disabled={spent ? 'true' : undefined}
            data-spent={spent ? '' : undefined}
            aria-label={t('table.scoreOf', { name })}
            onClick={() => void act({ type: 'score', at: now(), player: side, cp: 1 })}
          >
            {t('table.score')}
          </button>
        ))}
      {canScore && view.scenario?.turnCap !== null && view.scenario?.turnCap !== undefined && (
        <span class={`chip ${spent ? 'used' : ''}`} data-testid={`cp-left-${side}`}>
          {t('table.turnCpLeft', { n: capLeft, cap: view.scenario.turnCap })}
        </span>
      )}
    </div>
  );
}

/** Confirm or cancel, the confirmation on the right. */
function ConfirmRow({ label, onCancel, onConfirm }: { label: string; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useI18n();
  return (
    <div class="row end">
      <button type="button" class="btn big" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <button type="button" class="btn primary big" onClick={onConfirm}>
        {label}
      </button>
    </div>
  );
}

/** The ways this game can be ended from the clock. */
function endChoicesFor(
  record: TableGameRecord,
  config: ClockConfig,
  view: ClockView,
  card: ClockScenario | null,
  t: ReturnType<typeof useI18n>['t'],
): Array<{ action: ClockAction; label: string }> {
  const name = (s: Side): string => record.ticket[s].name;
  // assassination and concession end a game on the clock where the system says so (SR2011); the
  // other systems' tables go straight to their own result (the challenge, the winner)
  const { clock } = tablePartsFor(record.ticket);
  const turnClockEnds = clock.kind === 'turns' && clock.clockEnds;
  const endChoices: Array<{ action: ClockAction; label: string }> = [];
  if (turnClockEnds)
    for (const s of SIDES) {
      if (!config.noAssassination) endChoices.push({ action: { type: 'assassination', at: 0, winner: s }, label: t('table.end.assassination', { name: name(s) }) });
    }
  const scenarioRulesMissing = card?.win === 'not-provided';
  // the scenario's own data says when it can be won (Destruction: not while objectives are protected)
  if (view.scenario && !scenarioRulesMissing && view.scenario.scenarioWinOpen)
    for (const s of SIDES) endChoices.push({ action: { type: 'scenario-win', at: 0, winner: s }, label: t('table.end.scenario', { name: name(s) }) });
  if (turnClockEnds) for (const s of SIDES) endChoices.push({ action: { type: 'concede', at: 0, player: s }, label: t('table.end.concede', { name: name(s) }) });
  return endChoices;
}

/** « Fin de partie »: pick how the game ended, then confirm it; or another way, to the result form. */
function EndDialog({
  choices,
  confirmEnd,
  setConfirmEnd,
  onClose,
  onEnd,
  onOtherEnd,
}: {
  choices: Array<{ action: ClockAction; label: string }>;
  confirmEnd: EndChoice;
  setConfirmEnd: (choice: EndChoice) => void;
  onClose: () => void;
  onEnd: (action: ClockAction) => void;
  onOtherEnd: () => void;
}) {
  const { t } = useI18n();
  return (
    <div class="table-dialog" role="dialog" aria-modal="true" aria-label={t('table.end.title')}>
      <h2>{t('table.end.title')}</h2>
      {confirmEnd ? (
        <>
          <p>{t('table.end.confirm', { what: confirmEnd.label })}</p>
          <ConfirmRow
            label={t('common.confirm')}
            onCancel={() => setConfirmEnd(null)}
            onConfirm={() => {
              const action = confirmEnd.action;
              setConfirmEnd(null);
              onClose();
              onEnd(action);
            }}
          />
        </>
      ) : (
        <>
          <div class="end-choices">
            {choices.map((c) => (
              <button key={c.label} type="button" class="btn big" onClick={() => setConfirmEnd(c)}>
                {c.label}
              </button>
            ))}
            <button
              type="button"
              class="btn big"
              onClick={() => {
                onClose();
                onOtherEnd();
              }}
            >
              {t('table.end.other')}
            </button>
          </div>
          <div class="row end">
            <button type="button" class="btn big" onClick={onClose}>
              {t('common.cancel')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

/** The sounds, once each: a turn running out, dice down, a reserve spent. */
function useClockSignals(view: ClockView): void {
  const signalled = useRef(new Set<string>());
  const once = (key: string, kind: Parameters<typeof signal>[0]): void => {
    if (signalled.current.has(key)) return;
    signalled.current.add(key);
    signal(kind);
  };
  useEffect(() => {
    if (view.turnExpired && view.phase !== 'over' && view.phase !== 'dice-down') once(`turn-${view.turnIndex}-${view.extensionUsed.a}-${view.extensionUsed.b}`, 'turn-over');
    if (view.phase === 'dice-down') once('dice-down', 'dice-down');
    if (view.reserveExpired !== null) once('reserve', 'time-out');
  });
}

/** A refusal or a note in the bar, gone after five seconds. */
function useFadingMessage() {
  const [message, setMessage] = useState<{ text: string; at: number } | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), 5000);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, setMessage] as const;
}

/** The bar's notes: paused, dice-down scoring, the scenario's state, the seal, the limits, the last refusal. */
function BarNotes({
  record,
  view,
  seal,
  diceDownScoring,
  message,
}: {
  record: TableGameRecord;
  view: ClockView;
  seal: SealState;
  diceDownScoring: boolean;
  message: string | null;
}) {
  const { t, lang } = useI18n();
  const live = view.phase === 'running' || view.phase === 'paused';
  const card = scenarioOf(record, view, lang);
  const scenarioRulesMissing = card?.win === 'not-provided';
  return (
    <>
      {view.phase === 'paused' && view.mode === 'turns' && <p class="bar-note">{t('table.paused')}</p>}
      {diceDownScoring && <p class="bar-note warn">{t('table.diceDownScore')}</p>}
      {view.scenario?.killBoxActive && <p class="bar-note warn">{t('table.killBox')}</p>}
      {scenarioRulesMissing && view.phase !== 'over' && (
        <p class="bar-note muted" data-testid="scenario-no-rules">
          {t('table.scenarioNoRules', { name: card!.name })}
        </p>
      )}
      {view.scenario && live && !view.scenario.scoringOpen && card?.win === 'control-points' && view.turnIndex < 3 && (
        <p class="bar-note muted" title={card.name}>
          {t('table.scoringNotStarted')}
        </p>
      )}
      {seal === 'unreadable' && <p class="bar-note warn">{t('table.seal.unreadable')}</p>}
      <LimitCall record={record} />
      <ClockSkewNote record={record} />
      {record.ticket.organizerCallsTime && (
        <p class="bar-note" data-testid="organizer-calls-time">
          {t('table.organizerCallsTime')}
        </p>
      )}
      {message !== null && (
        <p class="bar-note error" role="alert">
          {message}
        </p>
      )}
    </>
  );
}

/** DICE DOWN, full screen, until a player taps to go on. */
function DiceDownCall({ onContinue }: { onContinue: () => void }) {
  const { t } = useI18n();
  return (
    <div class="dice-down" role="alertdialog" aria-labelledby="table-dice-down">
      <p id="table-dice-down" class="dice-down-title">
        {t('table.diceDown')}
      </p>
      <p class="dice-down-sub">{t('table.diceDownSub')}</p>
      <button type="button" class="btn big" onClick={onContinue}>
        {t('table.continue')}
      </button>
    </div>
  );
}

/** The bar's buttons for the game's course: start, pause, undo, the end, and dice down's next step. */
function BarButtons({
  view,
  live,
  diceDownScoring,
  act,
  now,
  onMenu,
  onTiebreak,
}: {
  view: ClockView;
  live: boolean;
  diceDownScoring: boolean;
  act: Act;
  now: () => number;
  onMenu: (menu: 'end' | 'undo') => void;
  onTiebreak: () => void;
}) {
  const { t } = useI18n();
  return (
    <>
      {view.phase === 'not-started' && (
        <button type="button" class="btn primary big" onClick={() => void act({ type: 'start', at: now() })}>
          {t('table.setup.start')}
        </button>
      )}
      {live && view.mode !== 'untimed' && (
        <button type="button" class={`btn ${view.phase === 'paused' ? 'primary' : ''}`} onClick={() => void act({ type: view.phase === 'paused' ? 'resume' : 'pause', at: now() })}>
          {view.phase === 'paused' ? t('table.resume') : t('table.pause')}
        </button>
      )}
      {view.phase !== 'not-started' && (
        <button type="button" class="btn" onClick={() => onMenu('undo')}>
          ↶ {t('table.undo')}
        </button>
      )}
      {live && (
        <button type="button" class="btn" onClick={() => onMenu('end')}>
          {t('table.end')}
        </button>
      )}
      {diceDownScoring && (
        <button type="button" class="btn primary" onClick={() => void act({ type: 'dice-down-ack', at: now() }).then((ok) => ok && onTiebreak())}>
          {t('table.diceDownAck')}
        </button>
      )}
      {view.phase === 'dice-down' && !diceDownScoring && (
        <button type="button" class="btn primary" onClick={onTiebreak}>
          {t('results.timeout.title')}
        </button>
      )}
    </>
  );
}
