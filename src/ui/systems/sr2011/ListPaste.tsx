// An army list pasted as text (forum post, message, list builder export) turned into a list the
// lists editor can take: the caster and its bonus, the models and their costs, the event's points
// window checked, every unread line named. The editor embeds it and decides what « use » does.
import { useMemo, useState } from 'preact/hooks';
import type { ArmyList } from '../../../domain/event-file';
import { listTotal, parseListText, pointsWindow, type ListPasteProblem } from '../../../domain/sr2011';
import { useI18n, type Translate } from '../../../i18n';

export interface ListPasteProps {
  /** the event's size, for the points window (size + bonus − 2 .. size + bonus) */
  points: number;
  onUse: (list: ArmyList) => void;
  onCancel?: () => void;
}

export function problemText(p: ListPasteProblem, t: Translate): string {
  switch (p.code) {
    case 'no-cost':
      return t('listPaste.problem.no-cost', { line: p.line, text: p.text });
    case 'second-caster':
      return t('listPaste.problem.second-caster', { line: p.line, name: p.name });
    case 'no-caster':
      return t('listPaste.problem.no-caster');
    case 'no-models':
      return t('listPaste.problem.no-models');
    case 'total-differs':
      return t('listPaste.problem.total-differs', { line: p.line, declared: p.declared, computed: p.computed });
  }
}

/** A pasted text read as the player's phone checks it before sending: the list, if one was read, and every unread line in words. */
export function readPastedList(text: string, t: Translate): { list: ArmyList | null; problems: string[] } {
  const parsed = parseListText(text);
  return { list: parsed.list, problems: parsed.problems.map((p) => problemText(p, t)) };
}

export function ListPaste({ points, onUse, onCancel }: ListPasteProps) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const { list, problems, faction, points: header } = useMemo(() => parseListText(text), [text]);
  const total = list ? listTotal(list) : 0;
  const range = list ? pointsWindow(points, list.bonus) : null;
  const outside = range !== null && (total < range.min || total > range.max);

  return (
    <section class="panel list-paste" aria-labelledby="list-paste-title">
      <h3 id="list-paste-title">{t('listPaste.title')}</h3>
      <p class="muted">{t('listPaste.help')}</p>
      <label>
        {t('listPaste.text')}
        <textarea rows={8} value={text} onInput={(e) => setText(e.currentTarget.value)} spellcheck={false} placeholder={'Stryker +6\nIronclad 7\nLancer 6'} />
      </label>
      {text.trim() !== '' && problems.length > 0 && (
        <ul class="problems-list" data-testid="list-paste-problems">
          {problems.map((p) => (
            <li key={`${p.line}-${p.code}`}>{problemText(p, t)}</li>
          ))}
        </ul>
      )}
      {list && (
        <div data-testid="list-paste-preview">
          {(faction !== null || header !== null) && (
            <p class={header !== null && header !== points ? 'warning-text' : 'muted'} data-testid="list-paste-header">
              {t('listPaste.header', { faction: faction ?? '—', points: header ?? '—' })}
              {header !== null && header !== points && ` ${t('listPaste.headerSize', { points })}`}
            </p>
          )}
          <p>
            <strong>{list.caster}</strong> · {t('listPaste.bonus', { n: list.bonus })}
            {list.themeForce && ` · ${t('listPaste.theme', { name: list.themeForce, tier: list.tier ?? '—' })}`}
          </p>
          <div class="table-scroll">
            <table class="table">
              <tbody>
                {list.models.map((m, i) => (
                  <tr key={i}>
                    <td>{m.name}</td>
                    <td>{m.cost}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p class={outside ? 'warning-text' : undefined} data-testid="list-paste-total">
            {t('listPaste.total', { total, min: range!.min, max: range!.max })}
            {outside && ` ${t('listPaste.outside')}`}
          </p>
        </div>
      )}
      <div class="row">
        <button type="button" class="btn primary" disabled={!list} onClick={() => list && onUse(list)}>
          {t('listPaste.use')}
        </button>
        {onCancel && (
          <button type="button" class="btn" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </section>
  );
}

/** The lists editor's one-line mount: « Coller une liste… » opens the paste panel, closed once used. */
export function ListPasteToggle({ points, onUse }: Omit<ListPasteProps, 'onCancel'>) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <div class="list-paste-toggle">
      {!open && (
        <button type="button" class="btn" onClick={() => setOpen(true)}>
          {t('listPaste.open')}
        </button>
      )}
      {open && (
        <ListPaste
          points={points}
          onUse={(list) => {
            onUse(list);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </div>
  );
}
