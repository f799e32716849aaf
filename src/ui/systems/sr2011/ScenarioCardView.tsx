import { SCENARIO_GROUP_NAMES, scenarioById } from '../../../domain/sr2011';
import { useI18n } from '../../../i18n';
import { typeset } from '../../../i18n/typography';

/** The scenario card a table needs: summary, win condition, deployment, special rules. */
export function ScenarioCardView({ id, table }: { id: string; table?: number }) {
  const { t, lang } = useI18n();
  const card = scenarioById(id);
  if (!card) return <p>{id}</p>;
  const d = card.deployment;
  return (
    <article class="scenario-card" aria-label={card.name[lang]}>
      <header>
        {table !== undefined && (
          <span class="badge">
            {t('rounds.table')} {table}
          </span>
        )}
        <h3>
          {card.number}. {card.name[lang]} <span class="muted">({card.name[lang === 'fr' ? 'en' : 'fr']})</span>
        </h3>
        <p class="muted">{t('scenario.group', { group: SCENARIO_GROUP_NAMES[card.group][lang] })}</p>
      </header>
      {!card.rulesTextProvided ? (
        <p class="warning-text">{t('scenario.noText')}</p>
      ) : (
        <>
          {card.summary && <p>{typeset(card.summary[lang], lang)}</p>}
          {card.winText && (
            <p>
              <strong>
                {t('scenario.win')}
                {t('common.colon')}
              </strong>
              {typeset(card.winText[lang], lang)}
            </p>
          )}
          {card.specialRules.length > 0 && (
            <>
              <h4>{t('scenario.special')}</h4>
              <ul>
                {card.specialRules.map((r, i) => (
                  <li key={i}>{typeset(r[lang], lang)}</li>
                ))}
              </ul>
            </>
          )}
          {card.tiebreak3Text && (
            <p>
              <strong>
                {t('scenario.tiebreak3')}
                {t('common.colon')}
              </strong>
              {typeset(card.tiebreak3Text[lang], lang)}
            </p>
          )}
        </>
      )}
      <p class="muted">{t('scenario.deployment', { first: d.first, second: d.second, advFirst: d.advanceFirst, advSecond: d.advanceSecond })}</p>
    </article>
  );
}
