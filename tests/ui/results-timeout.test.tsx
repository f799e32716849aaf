// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pairing } from '../../src/domain/event-file/types';
import { I18nContext, translator, type Lang } from '../../src/i18n';
import { TimeOutWizard, type TimeOutSeed } from '../../src/ui/systems/sr2011/TimeOutWizard';
import { makeEvent, makePlayer } from '../fixtures/events';

afterEach(cleanup);

const ANA_LIST = {
  caster: 'Stryker',
  themeForce: null,
  tier: null,
  bonus: 6,
  models: [
    { name: 'Ironclad', cost: 7 },
    { name: 'Stormblades', cost: 7 },
  ],
};
const BRUNO_LIST = {
  caster: 'Butcher',
  themeForce: null,
  tier: null,
  bonus: 6,
  models: [
    { name: 'Juggernaut', cost: 9 },
    { name: 'Manhunter', cost: 5 },
  ],
};

interface Setup {
  variants?: string[];
  scenario?: string;
  initial?: { a?: TimeOutSeed; b?: TimeOutSeed };
  lang?: Lang;
}

function renderWizard(s: Setup = {}) {
  const pairing: Pairing = { table: 4, a: 'p1', b: 'p2' };
  const event = makeEvent({
    settings: { points: 35, variants: s.variants ?? [], rounds: null },
    players: [makePlayer(1, { name: 'Ana Duval', lists: [ANA_LIST] }), makePlayer(2, { name: 'Bruno Martin', lists: [BRUNO_LIST] })],
    rounds: [{ number: 2, scenario: s.scenario ?? 'overrun', variableMinutes: 4, pairings: [pairing], bye: null }],
  });
  const onDone = vi.fn();
  const onCancel = vi.fn();
  const lang = s.lang ?? 'fr';
  render(
    <I18nContext.Provider value={{ lang, t: translator(lang), setLang() {} }}>
      <TimeOutWizard event={event} round={event.rounds[0]!} pairing={pairing} initial={s.initial} onDone={onDone} onCancel={onCancel} />
    </I18nContext.Provider>,
  );
  return { onDone, onCancel };
}

const casters = (name: string, n: '0' | '1'): void =>
  void fireEvent.click(within(screen.getByRole('radiogroup', { name: `Warcasters/warlocks en jeu\u00a0: ${name}` })).getByRole('radio', { name: n }));
const type = (name: string, value: string): void => void fireEvent.input(screen.getByRole('textbox', { name }), { target: { value } });
const next = (): void => void fireEvent.click(screen.getByRole('button', { name: /^(Étape suivante|Voir le résultat)$/ }));
const said = (): string => screen.getByRole('status').textContent ?? '';
const stepTitle = (): string => screen.getByRole('heading', { level: 3 }).textContent ?? '';
const use = (): void => void fireEvent.click(screen.getByRole('button', { name: 'Utiliser ce résultat' }));

describe('time-out wizard', () => {
  it('step 1 decides: more casters in play', () => {
    const { onDone } = renderWizard();
    expect(screen.getByText('Étape 1 sur 4')).toBeTruthy();
    expect(stepTitle()).toBe('Warcasters/warlocks encore en jeu');
    casters('Bruno Martin', '0');
    next();
    expect(said()).toBe('Décidé à l’étape 1\u00a0: plus de warcasters/warlocks en jeu');
    expect(screen.getByText('Ana Duval gagne au départage.')).toBeTruthy();
    use();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onDone.mock.calls[0]![0]).toStrictEqual({ winner: 'p1', how: 'tiebreak', step: 1, decidedBy: 'casters' });
  });

  it('step 2 decides: more control points, and gives the CP back', () => {
    const { onDone } = renderWizard({ initial: { a: { cp: 1, apd: 4 }, b: { cp: 0, apd: 0 } } });
    next();
    expect(screen.getByText('Étape 2 sur 4')).toBeTruthy();
    expect(stepTitle()).toBe('Points de contrôle');
    expect((screen.getByRole('textbox', { name: 'Points de contrôle d’Ana Duval' }) as HTMLInputElement).value).toBe('1');
    type('Points de contrôle de Bruno Martin', '2');
    next();
    expect(said()).toBe('Décidé à l’étape 2\u00a0: plus de points de contrôle');
    expect(screen.getByText('Bruno Martin gagne au départage.')).toBeTruthy();
    use();
    expect(onDone.mock.calls[0]![0]).toStrictEqual({ winner: 'p2', how: 'tiebreak', step: 2, decidedBy: 'control-points', cp: { a: 1, b: 2 } });
  });

  it('step 3 decides: more army points in the zone, counted with the helper', () => {
    const { onDone } = renderWizard();
    next();
    next();
    expect(stepTitle()).toBe('Points d’armée dans la zone du scénario');
    fireEvent.click(screen.getByRole('button', { name: 'Compter avec la liste d’Ana Duval' }));
    const helper = screen.getByRole('region', { name: 'Points d’armée d’Ana Duval dans la zone' });
    fireEvent.click(within(within(helper).getByRole('radiogroup', { name: 'Ironclad (7 pts)' })).getByRole('radio', { name: 'Dans la zone' }));
    fireEvent.click(within(within(helper).getByRole('radiogroup', { name: 'Stryker (warcaster/warlock\u00a0: 5 pts)' })).getByRole('radio', { name: 'Dans la zone' }));
    fireEvent.click(within(helper).getByRole('button', { name: 'Utiliser cette valeur' }));
    expect((screen.getByRole('textbox', { name: 'Points d’armée d’Ana Duval dans la zone' }) as HTMLInputElement).value).toBe('12');
    type('Points d’armée de Bruno Martin dans la zone', '9');
    next();
    expect(said()).toBe('Décidé à l’étape 3\u00a0: plus de points d’armée dans la zone');
    use();
    expect(onDone.mock.calls[0]![0]).toStrictEqual({ winner: 'p1', how: 'tiebreak', step: 3, decidedBy: 'army-points-in-zone', cp: { a: 0, b: 0 } });
  });

  it('step 4 decides: the player who lost more army points loses', () => {
    const { onDone } = renderWizard();
    next();
    next();
    next();
    expect(stepTitle()).toBe('Points d’armée détruits (les pertes de l’adversaire)');
    fireEvent.click(screen.getByRole('button', { name: 'Calculer avec la liste d’Ana Duval' })); // Bruno's APD: Ana's losses
    const helper = screen.getByRole('region', { name: 'Points d’armée détruits dans la liste d’Ana Duval' });
    fireEvent.click(within(within(helper).getByRole('radiogroup', { name: 'Stormblades (7 pts)' })).getByRole('radio', { name: 'Sous la moitié' }));
    fireEvent.click(within(helper).getByRole('button', { name: 'Utiliser cette valeur' }));
    expect((screen.getByRole('textbox', { name: 'Points d’armée détruits par Bruno Martin' }) as HTMLInputElement).value).toBe('4');
    type('Points d’armée détruits par Ana Duval', '5');
    next();
    expect(said()).toBe('Décidé à l’étape 4\u00a0: moins de points d’armée perdus');
    expect(screen.getByText('Ana Duval gagne au départage.')).toBeTruthy();
    use();
    expect(onDone.mock.calls[0]![0]).toStrictEqual({
      winner: 'p1',
      how: 'tiebreak',
      step: 4,
      decidedBy: 'army-points-lost',
      cp: { a: 0, b: 0 },
      apd: { a: 5, b: 4 },
    });
  });

  it('equal at every step: a draw', () => {
    const { onDone } = renderWizard({ initial: { a: { cp: 1, apd: 10 }, b: { cp: 1, apd: 10 } } });
    next();
    next();
    next();
    next();
    expect(said()).toBe('Égalité aux 4 étapes\u00a0: match nul.');
    expect(screen.getByText('Match nul.')).toBeTruthy();
    use();
    expect(onDone.mock.calls[0]![0]).toStrictEqual({
      winner: null,
      how: 'tiebreak',
      step: null,
      decidedBy: 'all-equal',
      cp: { a: 1, b: 1 },
      apd: { a: 10, b: 10 },
    });
  });

  it('no tiebreakers: a draw at once', () => {
    const { onDone } = renderWizard({ variants: ['no-tiebreakers'] });
    expect(said()).toBe('Variante «\u00a0Pas de conditions de départage\u00a0»\u00a0: à la fin du temps, la partie est nulle.');
    expect(screen.queryByRole('button', { name: 'Étape suivante' })).toBeNull();
    use();
    expect(onDone.mock.calls[0]![0]).toStrictEqual({ winner: null, how: 'tiebreak', step: null, decidedBy: 'no-tiebreakers' });
  });

  it('Grind: fewer objectives in your own half wins step 3', () => {
    const { onDone } = renderWizard({ scenario: 'grind' });
    next();
    next();
    expect(stepTitle()).toBe('Objectifs complètement dans sa propre moitié de table (le moins gagne)');
    type('Objectifs dans la moitié de table d’Ana Duval', '1');
    next();
    expect(said()).toBe('Décidé à l’étape 3\u00a0: moins d’objectifs dans sa moitié de table');
    use();
    expect(onDone.mock.calls[0]![0]).toMatchObject({ winner: 'p2', step: 3, decidedBy: 'objectives-in-own-half' });
  });

  it('refuses a bad number before going on, and can go back', () => {
    renderWizard();
    next();
    type('Points de contrôle d’Ana Duval', '-2');
    next();
    expect(screen.getByRole('alert').textContent).toBe('Points de contrôle d’Ana Duval\u00a0: -2 est négatif, il faut 0 ou plus.');
    expect(stepTitle()).toBe('Points de contrôle');
    fireEvent.click(screen.getByRole('button', { name: 'Étape précédente' }));
    expect(stepTitle()).toBe('Warcasters/warlocks encore en jeu');
  });

  it('goes back from the decision to change a step', () => {
    renderWizard();
    casters('Ana Duval', '0');
    next();
    expect(said()).toBe('Décidé à l’étape 1\u00a0: plus de warcasters/warlocks en jeu');
    fireEvent.click(screen.getByRole('button', { name: 'Revenir aux étapes' }));
    casters('Ana Duval', '1');
    next();
    expect(stepTitle()).toBe('Points de contrôle');
  });

  it('cancel calls onCancel', () => {
    const { onCancel, onDone } = renderWizard();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('speaks English', () => {
    renderWizard({ lang: 'en' });
    fireEvent.click(screen.getByRole('button', { name: 'Next step' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Control points of Ana Duval' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(said()).toBe('Decided at step 2: more control points');
    expect(screen.getByText('Ana Duval wins on tiebreak.')).toBeTruthy();
  });
});
