// @vitest-environment jsdom
// 'Save this search' when the dialog's code cannot be fetched (offline before the first press):
// the button says so beside it, and the next press, the network back, opens the dialog.
import { afterEach, expect, test, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SaveSearch } from './SaveSearch';

const network = vi.hoisted(() => ({ down: true }));
vi.mock('./saveSearchLoad', async (original) => {
  const real = await original<typeof import('./saveSearchLoad')>();
  return { ready: () => (network.down ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : real.ready()) };
});

// jsdom has no modal dialogs: open by their attribute, as the browser's are.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};

afterEach(cleanup);

test('a dialog that cannot be fetched is said beside the button, and a press tries again', async () => {
  render(<SaveSearch kind="all" />);
  const button = screen.getByRole('button', { name: 'Save this search' });
  const status = screen.getByRole('status');
  expect(status.textContent).toBe('');
  fireEvent.click(button);
  await waitFor(() => expect(status.textContent).toBe('Not opened. Check your connection.'));
  expect(screen.queryByRole('dialog')).toBeNull();

  network.down = false;
  fireEvent.click(button);
  await screen.findByRole('dialog', { name: 'Save this search' });
  expect(status.textContent).toBe('');
});
