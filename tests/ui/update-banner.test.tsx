// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdateBanner, type UpdateState } from '../../src/ui/components/UpdateBanner';

afterEach(cleanup);

function fakeUpdate(safe: { value: boolean }) {
  let fire = (): void => undefined;
  const update: UpdateState = {
    subscribe: (onReady) => ((fire = onReady), () => undefined),
    isSafe: async () => safe.value,
    apply: vi.fn(async () => undefined),
  };
  return { update, announce: () => fire() };
}

describe('update banner', () => {
  it('stays hidden until a new version is waiting', () => {
    const { update } = fakeUpdate({ value: true });
    render(<UpdateBanner update={update} />);
    expect(screen.queryByTestId('update-banner')).toBeNull();
  });

  it('never offers to reload while a round runs, only says when it will happen', async () => {
    const { update, announce } = fakeUpdate({ value: false });
    render(<UpdateBanner update={update} />);
    announce();
    await screen.findByText('Nouvelle version prête.');
    await screen.findByText('Elle sera installée quand aucune ronde ni pendule ne tournera.');
    expect(screen.queryByRole('button')).toBeNull();
    expect(update.apply).not.toHaveBeenCalled();
  });

  it('applies at a safe point, checking again at the tap', async () => {
    const safe = { value: true };
    const { update, announce } = fakeUpdate(safe);
    render(<UpdateBanner update={update} />);
    announce();
    const button = await screen.findByRole('button', { name: 'Mettre à jour maintenant' });
    safe.value = false; // a round started between the check and the tap
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
    expect(update.apply).not.toHaveBeenCalled();
    safe.value = true;
    cleanup();
    render(<UpdateBanner update={update} />);
    announce();
    fireEvent.click(await screen.findByRole('button', { name: 'Mettre à jour maintenant' }));
    await waitFor(() => expect(update.apply).toHaveBeenCalledTimes(1));
  });
});
