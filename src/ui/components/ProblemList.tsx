import type { EventFile, Problem } from '../../domain/event-file';
import { problemMessage } from '../../domain/event-file/messages';
import { useI18n } from '../../i18n';
import { typeset } from '../../i18n/typography';
import { remarkText } from '../import-remarks';

interface Props {
  title: string;
  intro: string;
  problems: Problem[];
  /** the imported event: its remarks then name rounds, tables and players instead of the file's paths */
  event?: EventFile;
  onClose: () => void;
}

export function ProblemList({ title, intro, problems, event, onClose }: Props) {
  const { t, lang } = useI18n();
  return (
    <section class={event ? 'panel problems remarks' : 'panel problems'} role="alert" aria-labelledby="problems-title">
      <h2 id="problems-title">{title}</h2>
      <p>{intro}</p>
      <ul>
        {problems.slice(0, 50).map((p, i) => (
          <li key={i}>{event ? remarkText(p, event, t, lang) : typeset(problemMessage(p, lang), lang)}</li>
        ))}
        {problems.length > 50 && <li>… (+{problems.length - 50})</li>}
      </ul>
      <button type="button" class="btn" onClick={onClose}>
        {t('common.close')}
      </button>
    </section>
  );
}
