// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArmyList } from '../../src/domain/event-file/types';
import { I18nContext, translator, type Lang } from '../../src/i18n';
import { ApdHelper } from '../../src/ui/systems/sr2011/ApdHelper';
import { ZoneHelper } from '../../src/ui/systems/sr2011/ZoneHelper';

afterEach(cleanup);

const LIST: ArmyList = {
  caster: 'Butcher',
  themeForce: null,
  tier: null,
  bonus: 6,
  models: [
    { name: 'Winter Guard', cost: 8 },
    { name: 'Manhunter', cost: 5 },
    { name: 'Juggernaut', cost: 9 },
    { name: 'Iron Fang Pikemen', cost: 7 },
  ],
};

function wrap(node: preact.ComponentChildren, lang: Lang = 'fr') {
  return render(<I18nContext.Provider value={{ lang, t: translator(lang), setLang() {} }}>{node}</I18nContext.Provider>);
}

/** Ticks one mark on the line of the list named `line`. */
function mark(line: string, what: string): void {
  fireEvent.click(within(screen.getByRole('radiogroup', { name: line })).getByRole('radio', { name: what }));
}

const pointsOf = (index: number): string => screen.getByTestId(`points-${index}`).textContent ?? '';

describe('army points destroyed helper', () => {
  it('counts each line by the rules and adds them up', () => {
    const onUse = vi.fn();
    wrap(<ApdHelper list={LIST} owner="Bruno Martin" onUse={onUse} />);
    expect(screen.getByRole('heading').textContent).toBe('Points d’armée détruits dans la liste de Bruno Martin');
    // nothing ticked: nothing destroyed
    expect(screen.getByRole('status').textContent).toBe('Total\u00a0: 0 point d’armée détruit');

    mark('Winter Guard (8 pts)', 'Sous la moitié');
    expect(pointsOf(1)).toBe('4 pts'); // unit of cost 8 under half strength: 4

    mark('Manhunter (5 pts)', 'Détruit');
    expect(pointsOf(2)).toBe('5 pts'); // 5-point solo destroyed: 5

    mark('Butcher (warcaster/warlock\u00a0: 5 pts)', 'Détruit');
    expect(pointsOf(0)).toBe('5 pts'); // caster: 5

    mark('Juggernaut (9 pts)', 'Inerte / sauvage');
    expect(pointsOf(3)).toBe('9 pts'); // inert jack of cost 9: 9

    mark('Iron Fang Pikemen (7 pts)', 'Sous la moitié');
    expect(pointsOf(4)).toBe('4 pts'); // half of 7, rounded up

    expect(screen.getByRole('status').textContent).toBe('Total\u00a0: 27 points d’armée détruits');
    fireEvent.click(screen.getByRole('button', { name: 'Utiliser cette valeur' }));
    expect(onUse).toHaveBeenCalledTimes(1);
    expect(onUse).toHaveBeenCalledWith(27);
  });

  it('a line put back in play counts nothing again', () => {
    wrap(<ApdHelper list={LIST} owner="Bruno Martin" onUse={() => undefined} />);
    mark('Juggernaut (9 pts)', 'Détruit');
    expect(pointsOf(3)).toBe('9 pts');
    mark('Juggernaut (9 pts)', 'En jeu');
    expect(pointsOf(3)).toBe('0 pt');
    expect(screen.getByRole('status').textContent).toBe('Total\u00a0: 0 point d’armée détruit');
  });

  it('the caster can only be in play or destroyed', () => {
    wrap(<ApdHelper list={LIST} owner="Bruno Martin" onUse={() => undefined} />);
    const caster = screen.getAllByRole('radiogroup')[0]!;
    expect(
      within(caster)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['En jeu', 'Détruit']);
  });

  it('says so when no list is registered', () => {
    wrap(<ApdHelper list={null} owner="Bruno Martin" onUse={() => undefined} onClose={() => undefined} />);
    expect(screen.getByText('Aucune liste inscrite pour Bruno Martin : entrez les points d’armée détruits directement.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Utiliser cette valeur' })).toBeNull();
  });

  it('speaks English too', () => {
    wrap(<ApdHelper list={LIST} owner="Bruno Martin" onUse={() => undefined} />, 'en');
    mark('Juggernaut (9 pts)', 'Destroyed');
    expect(screen.getByRole('status').textContent).toBe('Total: 9 army points destroyed');
  });
});

describe('army points in the zone helper', () => {
  it('counts the caster as 5, a model at its cost, and ignores what does not count', () => {
    const onUse = vi.fn();
    wrap(<ZoneHelper list={LIST} owner="Bruno Martin" onUse={onUse} />);
    mark('Butcher (warcaster/warlock\u00a0: 5 pts)', 'Dans la zone');
    mark('Juggernaut (9 pts)', 'Dans la zone');
    mark('Winter Guard (8 pts)', 'Dans la zone, ne compte pas');
    expect([pointsOf(0), pointsOf(1), pointsOf(3)]).toEqual(['5 pts', '0 pt', '9 pts']);
    expect(screen.getByRole('status').textContent).toBe('Total\u00a0: 14 points d’armée dans la zone');
    fireEvent.click(screen.getByRole('button', { name: 'Utiliser cette valeur' }));
    expect(onUse).toHaveBeenCalledWith(14);
  });

  it('says so when no list is registered', () => {
    wrap(<ZoneHelper list={null} owner="Ana Duval" onUse={() => undefined} />);
    expect(screen.getByText('Aucune liste inscrite pour Ana Duval : entrez les points d’armée dans la zone directement.')).toBeTruthy();
  });
});
