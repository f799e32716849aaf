// @vitest-environment jsdom
// The Confrontation objective calculator: the seed's Wolfen and Gouffres hill, wound penalties
// with their floor, each exclusion, control and ties, and one objective per fighter.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nContext, translator, type Lang } from '../../src/i18n';
import { ObjectiveCalculator } from '../../src/ui/systems/confrontation/ObjectiveCalculator';
import { deName } from '../../src/i18n/typography';

afterEach(cleanup);

function renderCalculator(lang: Lang = 'fr', names?: { a: string; b: string }) {
  render(
    <I18nContext.Provider value={{ lang, t: translator(lang), setLang() {} }}>
      <ObjectiveCalculator names={names} />
    </I18nContext.Provider>,
  );
}

const click = (name: string): void => void fireEvent.click(screen.getByRole('button', { name }));
const type = (name: string, value: string): void => void fireEvent.input(screen.getByRole('textbox', { name }), { target: { value } });
const pick = (group: string, choice: string): void => void fireEvent.click(within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name: choice }));
const text = (id: string): string => screen.getByTestId(id).textContent ?? '';

/** One fighter, then copies of it: labels A1, A2... in order. */
function fighters(side: 'A' | 'B', count: number, size: string, value: number): void {
  click(`+ Ajouter un combattant (Camp ${side})`);
  const first = `Combattant ${side}${document.querySelectorAll(`[data-testid^="fighter-${side}"]`).length}`;
  pick(`Taille ${deName(first)}`, size);
  type(`Valeur stratégique ${deName(first)}`, String(value));
  for (let i = 1; i < count; i++) click(`Dupliquer ${first}`);
}

const wound = (fighter: string, level: string): void => pick(`Blessure de Combattant ${fighter}`, level);

function hill(): void {
  type('Effectif pour occuper (objectif 1)', '6');
  type('Valeur pour occuper (objectif 1)', '50');
}

describe('objective calculator: the seed’s hill (strength 6, value 50)', () => {
  it('four large Wolfen Crocs (34): strength 8, value 34 + 34 + 29 + 24 = 121, they occupy', () => {
    renderCalculator();
    hill();
    fighters('A', 4, 'Grande (2)', 34);
    wound('A2', 'Légère (0)');
    wound('A3', 'Grave (−5)');
    wound('A4', 'Critique (−10)');
    expect(text('fighter-line-A3')).toBe('Compte\u00a0: effectif 2, valeur 29');
    expect(text('fighter-line-A4')).toBe('Compte\u00a0: effectif 2, valeur 24');
    expect(text('totals-1-a')).toBe('Camp A\u00a0: effectif 8, valeur 121 · Camp A occupe');
  });

  it('six Gouffres warriors (9), two serious and two critical: strength 6, value 26 (a critical 9 counts 0), not enough to occupy', () => {
    renderCalculator();
    hill();
    fighters('B', 6, 'Petite ou moyenne (1)', 9);
    wound('B3', 'Grave (−5)');
    wound('B4', 'Grave (−5)');
    wound('B5', 'Critique (−10)');
    wound('B6', 'Critique (−10)');
    expect(text('fighter-line-B5')).toBe('Compte\u00a0: effectif 1, valeur 0');
    expect(text('totals-1-b')).toBe('Camp B\u00a0: effectif 6, valeur 26 · Camp B n’occupe pas');
  });

  it('both on the hill: the Wolfen control it (8 > 6 and 121 > 26)', () => {
    renderCalculator();
    hill();
    fighters('A', 4, 'Grande (2)', 34);
    wound('A2', 'Légère (0)');
    wound('A3', 'Grave (−5)');
    wound('A4', 'Critique (−10)');
    fighters('B', 6, 'Petite ou moyenne (1)', 9);
    for (const [f, w] of [
      ['B3', 'Grave (−5)'],
      ['B4', 'Grave (−5)'],
      ['B5', 'Critique (−10)'],
      ['B6', 'Critique (−10)'],
    ] as const)
      wound(f, w);
    expect(text('control-1')).toBe('Contrôle\u00a0: Camp A');
  });
});

describe('objective calculator: the rules’ numbers', () => {
  it('power 1 small or medium, 2 large, 3 very large', () => {
    renderCalculator();
    fighters('A', 1, 'Très grande (3)', 40);
    expect(text('fighter-line-A1')).toBe('Compte\u00a0: effectif 3, valeur 40');
    pick('Taille de Combattant A1', 'Grande (2)');
    expect(text('fighter-line-A1')).toBe('Compte\u00a0: effectif 2, valeur 40');
    pick('Taille de Combattant A1', 'Petite ou moyenne (1)');
    expect(text('totals-1-a')).toBe('Camp A\u00a0: effectif 1, valeur 40');
  });

  it('each exclusion takes the fighter out of both strength and value', () => {
    renderCalculator();
    fighters('A', 1, 'Grande (2)', 30);
    const reasons = ['En déroute', 'Pas au palier 0 (en vol)', 'Éclaireur caché', 'Neutre', 'Invoqué d’un autre peuple', 'Invoqué ou revenu au dernier tour'];
    for (const reason of reasons) {
      const box = within(screen.getByTestId('fighter-A1')).getByRole('checkbox', { name: reason });
      fireEvent.click(box);
      expect(text('fighter-line-A1')).toBe(`Ne compte pas\u00a0: ${reason}`);
      expect(text('totals-1-a')).toBe('Camp A\u00a0: effectif 0, valeur 0');
      fireEvent.click(box);
      expect(text('totals-1-a')).toBe('Camp A\u00a0: effectif 2, valeur 30');
    }
  });

  it('control needs both strength and value strictly greater; anything else is a tie', () => {
    renderCalculator();
    fighters('A', 1, 'Grande (2)', 20);
    fighters('B', 2, 'Petite ou moyenne (1)', 10);
    expect(text('control-1')).toBe('Égalité\u00a0: personne ne contrôle');
    type('Valeur stratégique de Combattant A1', '25');
    // more value, same strength: still a tie
    expect(text('control-1')).toBe('Égalité\u00a0: personne ne contrôle');
    pick('Taille de Combattant A1', 'Très grande (3)');
    expect(text('control-1')).toBe('Contrôle\u00a0: Camp A');
    type('Valeur stratégique de Combattant A1', '15');
    expect(text('control-1')).toBe('Égalité\u00a0: personne ne contrôle');
  });

  it('without thresholds, occupation is not asked', () => {
    renderCalculator();
    fighters('A', 1, 'Grande (2)', 20);
    expect(screen.queryByTestId('occupies-1-a')).toBeNull();
    type('Effectif pour occuper (objectif 1)', '2');
    expect(text('occupies-1-a')).toContain('Camp A occupe');
  });

  it('a fighter counts for one objective only, the one its owner picks', () => {
    renderCalculator();
    click('+ Ajouter un objectif');
    fighters('A', 2, 'Grande (2)', 20);
    expect(screen.getByText('Un combattant ne compte que pour un seul objectif : choisissez lequel.')).toBeTruthy();
    pick('Combattant A2 compte pour', 'Objectif 2');
    expect(text('totals-1-a')).toBe('Camp A\u00a0: effectif 2, valeur 20');
    expect(text('totals-2-a')).toBe('Camp A\u00a0: effectif 2, valeur 20');
    click('Retirer l’objectif 2');
    expect(text('totals-1-a')).toBe('Camp A\u00a0: effectif 4, valeur 40');
  });

  it('removes a fighter', () => {
    renderCalculator();
    fighters('B', 2, 'Petite ou moyenne (1)', 7);
    click('Retirer Combattant B1');
    expect(text('totals-1-b')).toBe('Camp B\u00a0: effectif 1, valeur 7');
    expect(screen.queryByTestId('fighter-B1')).toBeNull();
    expect(screen.getByTestId('fighter-B2')).toBeTruthy();
  });

  it('uses the players’ names and speaks English', () => {
    renderCalculator('en', { a: 'Ana', b: 'Bruno' });
    click('+ Add a fighter (Ana)');
    pick("Fighter A1's size", 'Large (2)');
    type("Fighter A1's strategic value", '12');
    expect(text('control-1')).toBe('Control: Ana');
  });
});
