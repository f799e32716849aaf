// The round's steps in one strip: where the round stands, the progress of its results, and the
// next thing to do in words, so the one big button below is never a guess.
import type { EventFile, Round } from '../../../../domain/event-file';
import { useI18n, type MessageKey } from '../../../../i18n';
import { uiFor } from '../../../systems';
import { tableList } from '../../../systems/shared/model';
import { eventOver, guideStep, roundProgress, type GuideStep } from './guide';
import type { EventOver } from '../../../../domain/systems';

export function RoundGuide({ event, round }: { event: EventFile; round: Round | undefined }) {
  const { t } = useI18n();
  const prestart = uiFor(event.system).prestart ?? null;
  const step = guideStep(event, prestart?.ready ?? null);
  const last = event.rounds[event.rounds.length - 1];
  // the guide follows the latest round; an older round on screen is history
  const shown = round && last && round.number === last.number ? last : undefined;
  const progress = shown ? roundProgress(shown) : null;
  const steps: Array<{ key: GuideStep; label: string }> = [
    { key: 'pair', label: t('guide.step.pair') },
    ...(prestart ? [{ key: 'prestart' as const, label: t(prestart.step) }] : []),
    { key: 'start', label: t('guide.step.start') },
    { key: 'results', label: t('guide.step.results') },
    { key: 'close', label: t('guide.step.close') },
  ];
  const current = step === 'finished' ? -1 : step === 'pair' ? 0 : steps.findIndex((s) => s.key === step);
  const next = (): string => {
    const n = (last?.number ?? 0) + (step === 'pair' ? 1 : 0);
    switch (step) {
      case 'pair':
        return t('guide.next.pair', { n });
      case 'prestart':
        return t(prestart!.next as MessageKey, { n });
      case 'start':
        return t('guide.next.start', { n });
      case 'results':
        return t('guide.next.results', { n: progress?.missing.length ?? 0, tables: tableList(progress?.missing ?? [], t) });
      case 'close':
        return t('guide.next.close', { n });
      default:
        return eventOverText(event, eventOver(event), t);
    }
  };
  return (
    <section class="round-guide no-print" aria-label={t('guide.title')} data-testid="round-guide" data-step={step}>
      <ol class="guide-steps">
        {steps.map((s, i) => (
          <li key={s.key} class={i === current ? 'current' : i < current ? 'past' : ''} aria-current={i === current ? 'step' : undefined}>
            {s.label}
          </li>
        ))}
      </ol>
      {progress && progress.total > 0 && (
        <p class="guide-progress" data-testid="results-progress">
          {t('guide.progress', { x: progress.done, y: progress.total })}
        </p>
      )}
      <p class="guide-next" role="status">
        {next()}
      </p>
    </section>
  );
}

/** Why the event is over, in the organizer's words (the organizer confirms SR2011's ends in Classement). */
export function eventOverText(event: EventFile, over: EventOver | null, t: (key: MessageKey, params?: Record<string, string | number>) => string): string {
  const name = (id: string | null): string => event.players.find((p) => p.id === id)?.name ?? '';
  switch (over?.reason) {
    case 'unique-leader':
      return t('guide.over.leader', { name: over.name, round: over.round });
    case 'fixed-rounds':
      return t('guide.over.fixedRounds', { n: over.rounds });
    case 'final-tables':
      return t('guide.over.finalTables', { round: over.round });
    case 'champion':
      return over.champion ? t('guide.over.champion', { name: name(over.champion) }) : t('guide.next.finished');
    case 'all-met':
      return t('guide.over.allMet', { n: over.rounds });
    default:
      return t('guide.next.finished');
  }
}
