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
  vi.restoreAllMocks();
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

describe('Modal: a press outside', () => {
  const pressOutside = () => {
    const page = screen.getByText('The page');
    fireEvent.pointerDown(page);
    fireEvent.pointerUp(page);
    fireEvent.click(page);
  };

  it('closes a dialog, and not an alert dialog, which waits for an answer', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    for (const role of ['dialog', 'alertdialog'] as const) {
      const onOpenChange = vi.fn();
      const { unmount } = render(
        <I18nProvider i18n={i18n}>
          <main>The page</main>
          <Modal open onOpenChange={onOpenChange} title="Delete?" role={role}>
            <p>Inside</p>
          </Modal>
        </I18nProvider>,
      );
      await screen.findByRole(role, { name: 'Delete?' });
      pressOutside();
      if (role === 'dialog') expect(onOpenChange).toHaveBeenCalledWith(false);
      else expect(onOpenChange).not.toHaveBeenCalled();
      unmount();
    }
  });
});

/**
 * happy-dom lays nothing out: each control says where Chromium drew it in the contributor's course
 * form at 1280 × 900 (the modal's box from 40 to 805 px, Delete Course at the end of its scrolled
 * content), and `elementFromPoint` answers from those boxes. Chromium itself: e2e/tests/authoring.spec.ts.
 */
describe('Modal taller than the window', () => {
  const BOX_BOTTOM = 805;

  function place(element: Element, top: number, bottom: number) {
    const box = new DOMRect(200, top, 100, bottom - top);
    vi.spyOn(element, 'getBoundingClientRect').mockReturnValue(box);
    vi.spyOn(element, 'getClientRects').mockReturnValue(Object.assign([box], { item: () => box }));
  }

  /** Press a key on the focused element and wait for the frame in which the modal may scroll. */
  async function press(key: string, shiftKey = false) {
    fireEvent.keyDown(document.activeElement!, { key, shiftKey });
    await new Promise(requestAnimationFrame);
  }

  it('scrolls into view the control that Tab reaches by going round the modal, and no other, nor a pressed one', async () => {
    await activateLanguage('en');
    render(
      <I18nProvider i18n={i18n}>
        <Modal open onOpenChange={() => {}} title="Edit Course">
          <button type="button">Edit Course</button>
          <button type="button">Delete Course</button>
        </Modal>
      </I18nProvider>,
    );
    await screen.findByRole('dialog', { name: 'Edit Course' });
    const close = screen.getByRole('button', { name: 'Close' });
    const edit = screen.getByRole('button', { name: 'Edit Course' });
    const last = screen.getByRole('button', { name: 'Delete Course' });
    place(close, 53, 93);
    place(edit, 500, 540);
    place(last, 3290, 3330);
    const drawn = [close, edit, last];
    vi.spyOn(document, 'elementFromPoint').mockImplementation(
      (_x, y) =>
        drawn.find((element) => {
          const { top, bottom } = element.getBoundingClientRect();
          return y >= top && y < bottom && y < BOX_BOTTOM;
        }) ?? document.body,
    );
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    await waitFor(() => expect(close).toHaveFocus());

    // Shift+Tab from the first control: Radix focuses the last one without scrolling to it.
    await press('Tab', true);
    expect(last).toHaveFocus();
    expect(scroll).toHaveBeenCalledExactlyOnceWith({
      block: 'nearest',
      inline: 'nearest',
      behavior: 'instant',
    });
    expect(scroll.mock.contexts[0]).toBe(last);

    // Back round to the close button, in sight at the top of the modal; then a control in sight.
    place(last, 748, 788);
    await press('Tab');
    expect(close).toHaveFocus();
    edit.focus();
    await new Promise(requestAnimationFrame);
    // A press on a control whose middle is below the modal's edge: it stays under the pointer.
    place(last, 790, 830);
    fireEvent.pointerDown(last);
    last.focus();
    await new Promise(requestAnimationFrame);
    expect(scroll).toHaveBeenCalledTimes(1);
    // The keyboard again: Tab round to the close button and back to it.
    await press('Tab');
    expect(close).toHaveFocus();
    await press('Tab', true);
    expect(last).toHaveFocus();
    expect(scroll).toHaveBeenCalledTimes(2);
  });
});
