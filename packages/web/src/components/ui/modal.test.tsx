import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { activateLanguage } from '../../i18n/i18n.ts';
import { Modal } from './modal.tsx';

afterEach(cleanup);

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
});
