import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { activateLanguage } from '../../i18n/i18n.ts';
import { notify } from '../../lib/toast.ts';
import { Toasts } from '../toasts.tsx';
import { Modal } from './modal.tsx';

afterEach(() => {
  cleanup();
  act(() => toast.remove());
});

/** A modal opened from state by a plain button, as every modal of the app is (no Dialog.Trigger). */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Details">
        <p>Inside</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('gives focus back to the control that opened it, however it closes', async () => {
    await activateLanguage('en');
    render(
      <I18nProvider i18n={i18n}>
        <Opener />
      </I18nProvider>,
    );
    const button = screen.getByRole('button', { name: 'Open details' });
    for (const close of [
      () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' }),
      () => fireEvent.click(screen.getByRole('button', { name: 'Close' })),
    ]) {
      button.focus();
      fireEvent.click(button);
      expect(await screen.findByRole('dialog', { name: 'Details' })).toBeInTheDocument();
      expect(button).not.toHaveFocus();
      close();
      expect(screen.queryByRole('dialog')).toBeNull();
      // Radix hands focus on once the dialog's focus scope has gone (a task later).
      await waitFor(() => expect(button).toHaveFocus());
    }
  });

  it('leaves the toasts readable while it hides the page, and stays open on a press on one', async () => {
    await activateLanguage('en');
    const onOpenChange = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <Toasts />
        <main>The page</main>
        <Modal open onOpenChange={onOpenChange} title="Details">
          <p>Inside</p>
        </Modal>
      </I18nProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Details' });
    // Shown after the modal opened: no toast's own live region existed when it hid the page.
    act(() => void notify.error('The file is too large'));
    const shown = await screen.findByText('The file is too large', { selector: '[role="status"]' });
    expect(screen.getByText('The page').closest('[aria-hidden="true"]')).not.toBeNull();
    // Read once, by the announcer's copy, which the modal spared; the toast itself is not live, yet it
    // and its close button stay out of the hidden page.
    const read = screen.getByText('The file is too large', { selector: '[aria-live="polite"] > *' });
    expect(read.closest('[aria-hidden="true"]')).toBeNull();
    expect(shown.closest('[aria-live="polite"]')).toBeNull();
    expect(shown.closest('[aria-hidden="true"]')).toBeNull();
    expect(dialog).toBeInTheDocument();

    fireEvent.pointerDown(shown);
    fireEvent.pointerUp(shown);
    fireEvent.click(shown);
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
