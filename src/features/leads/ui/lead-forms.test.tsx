// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@/i18n/messages';
import { ClientStringsProvider } from '@/ui/client-strings';
import { QuoteWizard } from './quote-wizard';
import { LeadForm } from './lead-form';
import { DemoLeadForm } from './simple-forms';
import { FeedbackForm } from '../schema';

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
  it('the demo form checks with its schema once it has arrived; its button stays enabled', async () => {
    inSpanish(<DemoLeadForm locale="es" labels={Forms} />);
    const send = screen.getByRole('button', { name: Forms.send });
    const name = screen.getByLabelText(new RegExp(Forms.fields.name));
    fireEvent.change(name, { target: { value: 'Al' } });
    fireEvent.blur(name);
    expect(send).toBeEnabled();
    expect(await screen.findByText(Forms.errors.nameMin)).toBeVisible();

    fireEvent.change(name, { target: { value: 'Alicia Pérez' } });
    fireEvent.change(screen.getByLabelText(new RegExp(Forms.fields.email)), { target: { value: 'alicia@example.com' } });
    fireEvent.change(screen.getByLabelText(new RegExp(Forms.fields.message)), { target: { value: 'Una demo, por favor' } });
    expect(screen.queryByText(Forms.errors.nameMin)).toBeNull();
    expect(send).toBeEnabled();
  });

  it('Send pressed before any field was reached loads the schema, shows every error and focuses the first field', async () => {
    inSpanish(<DemoLeadForm locale="es" labels={Forms} />);
    fireEvent.click(screen.getByRole('button', { name: Forms.send }));
    expect(await screen.findByText(Forms.errors.nameRequired)).toBeVisible();
    // The empty address is missing, not of the wrong format.
    expect(screen.getAllByText(Forms.errors.required)[0]).toBeVisible();
    expect(screen.queryByText(Forms.errors.emailFormat)).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(Forms.correctErrors);
    await waitFor(() => expect(screen.getByLabelText(new RegExp(Forms.fields.name))).toHaveFocus());
  });

  it('the quote request goes to its next step only with a choice made, and says so when pressed without', async () => {
    inSpanish(<QuoteWizard locale="es" labels={Forms} />);
    const next = screen.getByRole('button', { name: Forms.quote.next });
    expect(next).toBeEnabled();
    fireEvent.click(next);
    expect(await screen.findByText(Forms.errors.chooseOne)).toBeVisible();
    expect(screen.queryByText(Forms.quote.timelineQuestion)).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByLabelText(Forms.quote.needs.cloud));
    });
    expect(screen.queryByText(Forms.errors.chooseOne)).toBeNull();
    fireEvent.click(next);
    expect(await screen.findByText(Forms.quote.timelineQuestion)).toBeVisible();
  });

  it('fetches its schema only when the visitor reaches the form, not while the page loads', async () => {
    const load = vi.fn(() => import('../schema').then((m) => m.FeedbackForm));
    inSpanish(
      <LeadForm
        type="feedback"
        schema={load}
        fields={[{ name: 'comments', multiline: true }]}
        locale="es"
        labels={Forms}
        submitLabel={Forms.send}
      />,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(load).not.toHaveBeenCalled();
    fireEvent.focus(screen.getByLabelText(new RegExp(Forms.fields.comments)));
    await expect.poll(() => load.mock.calls.length).toBe(1);
  });

  it('tries again at the next change when its schema could not be fetched', async () => {
    const load = vi.fn(() => import('../schema').then((m) => m.FeedbackForm));
    load.mockImplementationOnce(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    inSpanish(
      <LeadForm
        type="feedback"
        schema={load}
        fields={[{ name: 'comments', multiline: true }]}
        locale="es"
        labels={Forms}
        submitLabel={Forms.send}
      />,
    );
    const comments = screen.getByLabelText(new RegExp(Forms.fields.comments));
    fireEvent.focus(comments);
    await expect.poll(() => load.mock.calls.length).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    fireEvent.change(comments, { target: { value: 'Muy buena web' } });
    await expect.poll(() => load.mock.calls.length).toBe(2);
    await waitFor(() => expect(screen.getByRole('button', { name: Forms.send })).toBeEnabled());
  });

  it('says the site was updated after two failed fetches online (not one), only on forms still waiting, and no more once a schema arrives', async () => {
    const load = vi.fn(() => import('../schema').then((m) => m.FeedbackForm));
    const gone = () => Promise.reject(new Error('Failed to load chunk /_next/static/chunks/x.js'));
    load.mockImplementationOnce(gone).mockImplementationOnce(gone);
    inSpanish(
      <>
        <LeadForm
          type="feedback"
          schema={load}
          fields={[{ name: 'comments', multiline: true }]}
          locale="es"
          labels={Forms}
          submitLabel={Forms.send}
        />
        <LeadForm
          type="feedback"
          schema={FeedbackForm}
          fields={[{ name: 'comments', multiline: true }]}
          locale="es"
          labels={Forms}
          submitLabel={Forms.send}
        />
      </>,
    );
    const [waiting] = screen.getAllByLabelText(new RegExp(Forms.fields.comments));
    fireEvent.focus(waiting!);
    await expect.poll(() => load.mock.calls.length).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText(Status.formUpdated)).toBeNull();

    fireEvent.change(waiting!, { target: { value: 'Primera' } });
    await expect.poll(() => load.mock.calls.length).toBe(2);
    // Shown once: by the form still waiting, not by the one whose schema is there.
    expect(await screen.findAllByText(Status.formUpdated)).toHaveLength(1);
    expect(screen.getByRole('button', { name: Status.reload })).toBeVisible();

    fireEvent.change(waiting!, { target: { value: 'Segunda' } });
    await expect.poll(() => load.mock.calls.length).toBe(3);
    await waitFor(() => expect(screen.queryByText(Status.formUpdated)).toBeNull());
  });
});
