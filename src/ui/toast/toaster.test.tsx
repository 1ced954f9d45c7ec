// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@/i18n/messages';
import { ClientStringsProvider } from '../client-strings';
import { Toaster } from './toaster';
import { toast } from './toast-store';

function renderToaster() {
  const { Status, Errors, Toast } = messages.fr;
  return render(
    <ClientStringsProvider locale="fr" strings={{ Status, Errors, Toast }}>
      <Toaster />
    </ClientStringsProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('notifications', () => {
  it('announces errors assertively and keeps them until closed', () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => {
      toast({ variant: 'error', title: 'Error submitting form', description: 'Please try again later.' });
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Error submitting form')).toBeTruthy();
    act(() => vi.advanceTimersByTime(60_000));
    expect(within(alert).getByText('Please try again later.')).toBeTruthy();
    act(() => within(alert).getByRole('button', { name: 'Fermer la notification' }).click());
    expect(within(alert).queryByText('Error submitting form')).toBeNull();
  });

  it('announces success politely and lets it go after a few seconds', () => {
    vi.useFakeTimers();
    renderToaster();
    act(() => {
      toast({ variant: 'success', title: 'Form submitted' });
    });
    const status = screen.getByRole('status');
    expect(within(status).getByText('Form submitted')).toBeTruthy();
    act(() => vi.advanceTimersByTime(6_500));
    expect(within(status).queryByText('Form submitted')).toBeNull();
  });
});
