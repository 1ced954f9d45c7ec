// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@/i18n/messages';
import { ClientStringsProvider } from '@/ui/client-strings';
import { QuoteWizard } from './quote-wizard';
import { DemoLeadForm } from './simple-forms';

const { Status, Errors, Toast, Forms } = messages.es;

function inSpanish(children: React.ReactNode) {
  return render(
    <ClientStringsProvider locale="es" strings={{ Status, Errors, Toast }}>
      {children}
    </ClientStringsProvider>,
  );
}

afterEach(cleanup);

describe('forms whose schema loads after the page is shown', () => {
  it('the demo form checks with its schema once it has arrived, and only then can be sent', async () => {
    inSpanish(<DemoLeadForm locale="es" labels={Forms} />);
    const send = screen.getByRole('button', { name: Forms.send });
    const name = screen.getByLabelText(new RegExp(Forms.fields.name));
    fireEvent.change(name, { target: { value: 'Al' } });
    fireEvent.blur(name);
    expect(send).toBeDisabled();
    expect(await screen.findByText(Forms.errors.nameMin)).toBeVisible();

    fireEvent.change(name, { target: { value: 'Alicia Pérez' } });
    fireEvent.change(screen.getByLabelText(new RegExp(Forms.fields.email)), { target: { value: 'alicia@example.com' } });
    fireEvent.change(screen.getByLabelText(new RegExp(Forms.fields.message)), { target: { value: 'Una demo, por favor' } });
    expect(screen.queryByText(Forms.errors.nameMin)).toBeNull();
    expect(send).toBeEnabled();
  });

  it('the quote request goes to its next step only with a choice made', async () => {
    inSpanish(<QuoteWizard locale="es" labels={Forms} />);
    const next = screen.getByRole('button', { name: Forms.quote.next });
    expect(next).toBeDisabled();
    await act(async () => {
      fireEvent.click(screen.getByLabelText(Forms.quote.needs.cloud));
    });
    await expect.poll(() => (next as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(next);
    expect(await screen.findByText(Forms.quote.timelineQuestion)).toBeVisible();
  });
});
