// @vitest-environment jsdom
// The admin's pie chart, Add Blog form, public notice and how it finds the editor, without a
// server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { PieChart, slicePath } from './PieChart';
import { BlogForm } from './forms';
import { PublicNotice } from './Screens';
import { useEditor } from './useEditor';
import { waitForPage } from './api';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('PieChart', () => {
  it('draws one slice per non-empty value and names every count in its legend', () => {
    const { container } = render(
      <PieChart
        title="Property Types Distribution"
        emptyText="none"
        format={(value, percent) => `${value} (${percent}%)`}
        slices={[
          { label: 'Residential', value: 9, color: '#111' },
          { label: 'Commercial', value: 7, color: '#222' },
          { label: 'Off-Plan', value: 0, color: '#333' },
        ]}
      />,
    );
    expect(screen.getByRole('figure', { name: 'Property Types Distribution' })).toBeTruthy();
    expect(container.querySelectorAll('svg path')).toHaveLength(2);
    const items = [...container.querySelectorAll('.pie__item')].map((li) => li.textContent);
    expect(items).toEqual(['Residential9 (56%)', 'Commercial7 (44%)', 'Off-Plan0 (0%)']);
  });

  it('a single category is a whole circle; no listings say so', () => {
    const whole = render(<PieChart title="t" emptyText="none" format={String} slices={[{ label: 'A', value: 3, color: '#111' }]} />);
    expect(whole.container.querySelectorAll('svg circle')).toHaveLength(1);
    whole.unmount();
    render(<PieChart title="t" emptyText="No published listings yet." format={String} slices={[{ label: 'A', value: 0, color: '#111' }]} />);
    expect(screen.getByText('No published listings yet.')).toBeTruthy();
  });

  it('slices start at the top and run clockwise', () => {
    expect(slicePath(0, 0.25)).toBe('M 100 100 L 100 0 A 100 100 0 0 1 200 100 Z');
    expect(slicePath(0, 0.75)).toContain(' 0 1 1 ');
  });
});

describe('BlogForm', () => {
  it("alerts 'Please fill all fields!' and sends nothing until every field is filled", () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const fetch = vi.spyOn(globalThis, 'fetch');
    render(<BlogForm token="t" onExpired={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'A title' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Blog' }));
    expect(alert).toHaveBeenCalledWith('Please fill all fields!');
    expect(fetch).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('A title');
  });

  it('shows a refusal for a symbolic link in content/ with the link the editor named, and keeps what was typed', async () => {
    const message = 'content/blog is a symbolic link, and the editor never writes through one: put the file or folder itself there (or remove the link), then save again.';
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ ok: false, code: 'link_in_content', error: message, fields: { form: message } }), {
        status: 409,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      }),
    );
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    render(<BlogForm token="t" onExpired={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'A title' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'A text.' } });
    fireEvent.change(screen.getByLabelText('Image URL'), { target: { value: '/media/blog/a.jpg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Blog' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Nothing was saved: a symbolic link in content/ is in the way, and the editor never writes through one.');
    expect(screen.getByText(message)).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('A title');
  });
});

describe('PublicNotice', () => {
  it('says how to start the editor and how to open it: the link estate serve prints, with its token', () => {
    render(<PublicNotice eyebrow="admin.eyebrow" heading="admin.title" lead="admin.lead" local="admin.local" files="admin.files" back="notFound.back" backTo="/" />);
    const text = screen.getByText('estate serve').closest('p')?.textContent ?? '';
    expect(text).toContain('Start it in the site\'s folder with estate serve');
    expect(text).toContain('open the link it prints in its terminal: the token in that link unlocks the editor');
  });
});

describe('useEditor', () => {
  const answer = (status: number, body: unknown, type = 'application/json') =>
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': type } }),
    );
  const settled = async () => {
    const { result } = renderHook(() => useEditor());
    await waitFor(() => expect(result.current.state).not.toBe('checking'));
    return result.current.state;
  };

  it('is locked when the editor answers without a token (estate serve runs it here)', async () => {
    expect(window.location.hostname).toBe('localhost');
    answer(200, { ok: true, authenticated: false });
    expect(await settled()).toBe('locked');
  });

  it('is locked, not public, when the editor refuses in its own JSON', async () => {
    answer(403, { ok: false, code: 'forbidden_origin', error: 'Refused: the request came from another site.', fields: {} });
    expect(await settled()).toBe('locked');
  });

  it('is public when nothing answers, or only a page that is not the editor', async () => {
    answer(404, '<!doctype html><title>Not found</title>', 'text/html');
    expect(await settled()).toBe('public');
    vi.restoreAllMocks();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await settled()).toBe('public');
  });
});

describe('waitForPage', () => {
  it('finds the rebuilt page without the rebuild event (one sent while the event stream reconnected is lost)', async () => {
    vi.useFakeTimers();
    try {
      let built = false;
      const fetched = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(null, { status: built ? 200 : 404 }));
      const live = waitForPage('/property/new', 60_000, 3_000);
      await vi.advanceTimersByTimeAsync(6_000);
      expect(fetched).toHaveBeenCalledTimes(2);
      built = true;
      await vi.advanceTimersByTimeAsync(3_000);
      await expect(live).resolves.toBe(true);
      // Settled: no more asking.
      await vi.advanceTimersByTimeAsync(30_000);
      expect(fetched).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers at once on the rebuild event, and false when the page never comes', async () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(null, { status: 200 }));
      const live = waitForPage('/property/new', 60_000, 3_000);
      window.dispatchEvent(new Event('estate:rebuilt'));
      await vi.advanceTimersByTimeAsync(0);
      await expect(live).resolves.toBe(true);
      vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(null, { status: 404 }));
      const never = waitForPage('/property/none', 10_000, 3_000);
      await vi.advanceTimersByTimeAsync(10_000);
      await expect(never).resolves.toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
