// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nContext, translator } from '../../src/i18n';
import { ListPaste } from '../../src/ui/systems/sr2011/ListPaste';

afterEach(cleanup);

const mount = (onUse = vi.fn()) => {
  render(
    <I18nContext.Provider value={{ lang: 'fr', t: translator('fr'), setLang: () => undefined }}>
      <ListPaste points={50} onUse={onUse} />
    </I18nContext.Provider>,
  );
  return onUse;
};
const paste = (text: string) => fireEvent.input(screen.getByLabelText('Texte de la liste'), { target: { value: text } });

describe('pasting an SR2011 list', () => {
  it('shows the caster, the models and the points window, then hands the list over', () => {
    const onUse = mount();
    expect((screen.getByRole('button', { name: 'Utiliser cette liste' }) as HTMLButtonElement).disabled).toBe(true);
    paste('Caine2 +7\nIronclad 7\nIronclad 7\nDefender 9\nCyclone 8\nStormblade Infantry 9\nStormblade Infantry 9\nJourneyman Warcaster 3\nSquire 1\nCharger 4');
    expect(screen.getByTestId('list-paste-preview').textContent).toContain('Caine2 · bonus 7');
    expect(screen.getByTestId('list-paste-total').textContent).toBe('Total\u00a0: 57 pts (attendu entre 55 et 57).');
    fireEvent.click(screen.getByRole('button', { name: 'Utiliser cette liste' }));
    expect(onUse).toHaveBeenCalledWith(expect.objectContaining({ caster: 'Caine2', bonus: 7, themeForce: null, tier: null }));
    expect(onUse.mock.calls[0]![0].models).toHaveLength(9);
  });

  it('reads « Cygnar - 50 pts » as the header, shows it, and warns when its size is not the event’s (issue 21, 16)', () => {
    mount();
    paste('Cygnar - 35 pts\nStryker +6\nIronclad 7');
    expect(screen.queryByTestId('list-paste-problems')).toBeNull();
    // one model row: the header is not a 35-point « Cygnar »
    expect([...screen.getByTestId('list-paste-preview').querySelectorAll('tr')].map((r) => r.textContent)).toEqual(['Ironclad7']);
    expect(screen.getByTestId('list-paste-header').textContent!.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'En-tête de la liste : Cygnar, 35 pts (lu, pas compté comme figurine). L’événement se joue à 50 pts.',
    );
    expect(screen.getByTestId('list-paste-total').textContent).toContain('Total\u00a0: 7 pts');
  });

  it('says which lines it left out and when the total is outside the window', () => {
    mount();
    paste('Stryker +6\nIronclad\nLancer 6\nTotal : 60');
    const problems = screen.getByTestId('list-paste-problems').textContent!;
    expect(problems).toContain('Ligne 2\u00a0: pas de coût lisible dans «\u00a0Ironclad\u00a0», ligne écartée.');
    expect(problems).toContain('Ligne 4\u00a0: le total annoncé (60) n’est pas celui des figurines (6).');
    expect(screen.getByTestId('list-paste-total').textContent).toBe('Total\u00a0: 6 pts (attendu entre 54 et 56). Hors de la fourchette\u00a0: corrigez avant d’enregistrer.');
  });

  it('without a caster line it asks for the bonus and offers nothing to use', () => {
    mount();
    paste('Stryker 6\nIronclad 7');
    expect(screen.getByTestId('list-paste-problems').textContent).toBe(
      'Aucun warcaster/warlock reconnu\u00a0: écrivez son bonus sur sa ligne, par exemple «\u00a0Stryker +6\u00a0».',
    );
    expect((screen.getByRole('button', { name: 'Utiliser cette liste' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('pasting a list in the lists editor', () => {
  it('fills the blank list, then the list saves like a typed one', async () => {
    const { renderApp } = await import('./render-app');
    const { createEvent, loadEvent } = await import('../../src/store/events');
    const { makeEvent, makePlayer } = await import('../fixtures/events');
    const { within, waitFor } = await import('@testing-library/preact');
    const { db } = await renderApp();
    const { meta } = await createEvent(
      db,
      makeEvent({ rounds: [], players: [makePlayer(1, { lists: [] }), makePlayer(2)], settings: { points: 50, variants: [], rounds: null } }),
      { deviceId: 'd' },
    );
    location.hash = `#/event/${meta.id}/players`;
    fireEvent.click(await screen.findByRole('button', { name: 'Listes de Player 1' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Coller une liste…' }));
    paste('Haley +7\nStormwall 54\nSquire 1');
    fireEvent.click(screen.getByRole('button', { name: 'Utiliser cette liste' }));
    const l1 = within(await screen.findByRole('group', { name: 'Liste 1' }));
    expect((l1.getByLabelText('Warcaster / warlock') as HTMLInputElement).value).toBe('Haley');
    expect((l1.getByLabelText('Points bonus') as HTMLInputElement).value).toBe('7');
    expect((l1.getByLabelText('Figurine 2') as HTMLInputElement).value).toBe('Squire');
    expect(screen.queryByRole('group', { name: 'Liste 2' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(async () =>
      expect((await loadEvent(db, meta.id)).event.players[0]!.lists).toEqual([
        {
          caster: 'Haley',
          themeForce: null,
          tier: null,
          bonus: 7,
          models: [
            { name: 'Stormwall', cost: 54 },
            { name: 'Squire', cost: 1 },
          ],
        },
      ]),
    );
  });
});
