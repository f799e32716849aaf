// Registering a whole list at once: pasted text or a CSV/text file, previewed line by line with
// the numbers the players will get and every line left out said aloud, then registered as one
// batch of the same `player-registered` actions the form dispatches (all or nothing).
import { useMemo, useState } from 'preact/hooks';
import type { EventFile, Player } from '../../../../domain/event-file';
import type { Action } from '../../../../domain/log';
import { parsePlayerList, type PlayerListProblem } from '../../../../domain/registration/player-list';
import { useI18n, type Translate } from '../../../../i18n';
import { saveErrorMessage } from '../../../errors';
import { useServices } from '../../../services';
import { nextPlayer } from './model';
import { roundsChangeNote } from './rounds-note';
import { FileButton } from '../../../components/FileButton';

export interface PlayerImportProps {
  event: EventFile;
  dispatch: (...actions: Action[]) => Promise<EventFile>;
  /** called after a successful registration (e.g. to close the panel) */
  onDone?: () => void;
}

function problemText(p: PlayerListProblem, t: Translate): string {
  switch (p.code) {
    case 'no-name':
      return t('playerImport.problem.no-name', { line: p.line });
    case 'already-registered':
      return t('playerImport.problem.already-registered', { line: p.line, name: p.name, number: p.number });
    case 'repeated':
      return t('playerImport.problem.repeated', { line: p.line, name: p.name, first: p.firstLine });
    case 'extra-fields':
      return t('playerImport.problem.extra-fields', { line: p.line, n: p.count });
  }
}

/** The players the list would register, numbered after the ones already there. */
function prepare(event: EventFile, listed: ReturnType<typeof parsePlayerList>['players']): Player[] {
  let acc = event;
  const out: Player[] = [];
  for (const l of listed) {
    const fields = { name: l.name, ...(l.club && { club: l.club }), ...(l.faction && { faction: l.faction }), ...(l.nickname && { nickname: l.nickname }) };
    const p = nextPlayer(acc, fields);
    out.push(p);
    acc = { ...acc, players: [...acc.players, p] };
  }
  return out;
}

export function PlayerImport({ event, dispatch, onDone }: PlayerImportProps) {
  const { t } = useI18n();
  const { notify } = useServices();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const parsed = useMemo(() => parsePlayerList(text, event.players), [text, event.players]);
  const players = useMemo(() => prepare(event, parsed.players), [event, parsed.players]);
  const leftOut = parsed.problems.filter((p) => p.code !== 'extra-fields').length;

  const readFile = async (file: File): Promise<void> => {
    try {
      setText(await file.text());
    } catch (err) {
      notify(t('import.readError', { detail: String(err) }), 'error');
    }
  };

  const register = async (): Promise<void> => {
    if (players.length === 0 || busy) return;
    setBusy(true);
    try {
      const after = await dispatch(...players.map((player): Action => ({ type: 'player-registered', player })));
      // the store may have moved the numbers on if another tab registered meanwhile
      const added = after.players.slice(-players.length);
      const done = t('playerImport.done', { n: added.length, first: added[0]!.number, last: added[added.length - 1]!.number });
      const rounds = roundsChangeNote(event, after, t);
      notify(rounds ? `${done} ${rounds}` : done);
      setText('');
      onDone?.();
    } catch (err) {
      notify(saveErrorMessage(err, t), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="panel player-import" aria-labelledby="player-import-title">
      <h2 id="player-import-title">{t('playerImport.title')}</h2>
      <p class="muted">{t('playerImport.help')}</p>
      <label class="player-import-text">
        {t('playerImport.paste')}
        <textarea rows={6} value={text} onInput={(e) => setText(e.currentTarget.value)} spellcheck={false} placeholder={t('playerImport.placeholder')} />
      </label>
      <div class="row">
        <FileButton label={t('playerImport.file')} accept=".csv,.txt,text/csv,text/plain" testId="player-import-file" onFile={(file) => void readFile(file)} />
      </div>
      {text.trim() !== '' && (
        <>
          <p data-testid="player-import-summary">
            {t('playerImport.summary', { n: players.length })}
            {leftOut > 0 && ` ${t('playerImport.leftOut', { n: leftOut })}`}
          </p>
          {parsed.problems.length > 0 && (
            <ul class="problems-list" data-testid="player-import-problems">
              {parsed.problems.map((p) => (
                <li key={`${p.line}-${p.code}`}>{problemText(p, t)}</li>
              ))}
            </ul>
          )}
          {players.length > 0 && <ImportPreview players={players} />}
          <div class="row">
            <button type="button" class="btn primary big" disabled={players.length === 0 || busy} onClick={() => void register()}>
              {t('playerImport.register', { n: players.length })}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** The Players screen's one-line mount: a button that opens the import panel, closed again once registered. */
export function PlayerImportToggle({ event, dispatch }: Omit<PlayerImportProps, 'onDone'>) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <div class="player-import-toggle">
      <button type="button" class="btn" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('playerImport.close') : t('playerImport.open')}
      </button>
      {open && <PlayerImport event={event} dispatch={dispatch} onDone={() => setOpen(false)} />}
    </div>
  );
}

/** The players the list would register, as they would be numbered. */
function ImportPreview({ players }: { players: Player[] }) {
  const { t } = useI18n();
  return (
    <div class="table-scroll">
      <table class="table" data-testid="player-import-preview">
        <thead>
          <tr>
            <th>{t('playerImport.col.number')}</th>
            <th>{t('playerImport.col.name')}</th>
            <th>{t('playerImport.col.club')}</th>
            <th>{t('playerImport.col.faction')}</th>
          </tr>
        </thead>
        <tbody>
          {players.map((p) => (
            <tr key={p.id}>
              <td>{p.number}</td>
              <td>{p.name}</td>
              <td>{p.club ?? ''}</td>
              <td>{p.faction ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
