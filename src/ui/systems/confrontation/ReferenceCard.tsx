// The Confrontation tournament reference card (seed 001) in big type for the table: what each
// double on the wound roll does, and the disengage difficulty with a small calculator.
import { useState } from 'preact/hooks';
import { challengeTableParams, disengageDifficulty, WOUND_DOUBLE_LABELS, WOUND_DOUBLES } from '../../../domain/confrontation';
import { useI18n } from '../../../i18n';
import { NumberStepper } from '../../screens/event/results/parts';
import { ToolHeader, wholeNumber } from '../shared/wizard-parts';

export interface ReferenceCardProps {
  onClose?: () => void;
}

const FACES = [1, 2, 3, 4, 5, 6] as const;
/** the usual melees; the calculator covers the rest */
const TABLE_OPPONENTS = [1, 2, 3, 4] as const;

export function ReferenceCard({ onClose }: ReferenceCardProps) {
  const { t, lang } = useI18n();
  const [opponents, setOpponents] = useState('1');
  const n = wholeNumber(opponents);

  return (
    <section class="tools-screen reference-card" aria-label={t('reference.title')}>
      <ToolHeader title={t('reference.title')} onClose={onClose} />
      <p class="tools-big" data-testid="table-size">
        {t('reference.tableSize', challengeTableParams())}
      </p>
      <div class="tools-reference">
        <div class="panel">
          <h3>{t('reference.doubles')}</h3>
          <table class="table tools-table" data-testid="wound-doubles">
            <thead>
              <tr>
                <th scope="col">{t('reference.doubleHead')}</th>
                <th scope="col">{t('reference.effectHead')}</th>
              </tr>
            </thead>
            <tbody>
              {FACES.map((face) => (
                <tr key={face} class={`double-${face}`}>
                  <th scope="row">{t('reference.double', { n: face })}</th>
                  <td>{WOUND_DOUBLE_LABELS[WOUND_DOUBLES[face]][lang]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div class="panel">
          <h3>{t('reference.disengage')}</h3>
          <p>{t('reference.disengageRule')}</p>
          <table class="table tools-table" data-testid="disengage-table">
            <thead>
              <tr>
                <th scope="col">{t('reference.opponentsHead')}</th>
                <th scope="col">{t('reference.difficultyHead')}</th>
              </tr>
            </thead>
            <tbody>
              {TABLE_OPPONENTS.map((k) => (
                <tr key={k}>
                  <th scope="row">{k}</th>
                  <td>{disengageDifficulty(k)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <NumberStepper label={t('reference.opponents')} name={t('reference.opponents')} value={opponents} onChange={setOpponents} />
          <p class="tools-big" role="status" data-testid="disengage-result">
            {n === null ? '—' : t('reference.formula', { n, d: disengageDifficulty(n) })}
          </p>
        </div>
      </div>
    </section>
  );
}
