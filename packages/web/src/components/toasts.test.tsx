import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../i18n/i18n.ts';
import { notify, TOASTER_CLASS } from '../lib/toast.ts';
import { TOASTS_TOP } from './toast-host.ts';
import { Toasts } from './toasts.tsx';
import { Modal } from './ui/modal.tsx';

afterEach(() => {
  cleanup();
  act(() => toast.remove());
  vi.useRealTimers();
});

/** The toaster, after whatever else the page holds. */
const showToasts = (before?: ReactNode) =>
  render(
    <I18nProvider i18n={i18n}>
      {before}
      <Toasts />
    </I18nProvider>,
  );
/** Time passes on the fake clock, and React draws what it changed. */
const pass = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

/** A toast on screen (its message is a status), not the announcer's copy of it. */
const OWN = { selector: '[role="status"]' };
/** The live region screen readers hear the toasts from. */
const announcer = () => document.querySelector<HTMLElement>('[aria-live="polite"]')!;

describe('Toasts', () => {
  it('closes a toast on its button, named in the reader’s language, and leaves the others', async () => {
    await activateLanguage('ar');
    showToasts();
    act(() => void notify.error('تعذّر رفع الملف'));
    act(() => void notify.success('تم الحفظ'));
    await screen.findByText('تعذّر رفع الملف', OWN);
    fireEvent.click(screen.getByRole('button', { name: 'إغلاق', description: 'تعذّر رفع الملف' }));
    await waitFor(() => expect(screen.queryByText('تعذّر رفع الملف')).toBeNull());
    expect(screen.getByText('تم الحفظ', OWN)).toBeInTheDocument();
    expect(announcer()).toHaveTextContent(/^تم الحفظ$/);
  });
});

describe('What screen readers hear of the toasts', () => {
  beforeEach(async () => {
    await activateLanguage('en');
    showToasts();
  });

  it('reads each message alone: not the close button, and not a second time from the toast', () => {
    act(() => void notify.error('Upload failed'));
    act(() => void notify.success('Saved'));
    const read = [...announcer().children].map((line) => line.textContent);
    expect(read.sort()).toEqual(['Saved', 'Upload failed']);
    const close = screen.getAllByRole('button', { name: 'Close' })[0]!;
    expect(close.closest('[aria-live]')).toHaveAttribute('aria-live', 'off');
    expect(screen.getByText('Upload failed', OWN).closest('[aria-live]')).toHaveAttribute('aria-live', 'off');
  });

  it('reads a message shown again once more, though its toast stays the same', () => {
    vi.useFakeTimers();
    act(() => void notify.error('Upload failed'));
    const first = announcer().firstElementChild;
    pass(1_000);
    act(() => void notify.error('Upload failed'));
    expect(screen.getAllByText('Upload failed', OWN)).toHaveLength(1);
    expect(announcer().children).toHaveLength(1);
    expect(announcer().firstElementChild).not.toBe(first);
    expect(announcer()).toHaveTextContent(/^Upload failed$/);
  });
});

describe('Toasts and the keyboard', () => {
  beforeEach(async () => {
    await activateLanguage('en');
    vi.useFakeTimers();
  });

  /** A field, the toaster, and a 5 s toast; the field and the toast's close button. */
  const page = () => {
    showToasts(<input aria-label="Title" />);
    act(() => void notify.error('Upload failed', 5000));
    return {
      field: screen.getByRole('textbox', { name: 'Title' }),
      shown: screen.getByText('Upload failed', OWN),
      close: screen.getByRole('button', { name: 'Close' }),
    };
  };

  it('keeps a toast while the focus is in it, and gives the focus back when it is closed', () => {
    const { field, shown, close } = page();
    act(() => field.focus());
    act(() => close.focus());
    pass(20_000);
    expect(shown).toBeInTheDocument();
    expect(close).toHaveFocus();

    act(() => close.click());
    expect(field).toHaveFocus();
    pass(2_000);
    expect(shown).not.toBeInTheDocument();
  });

  it('lets the toast go when it is due once the focus has left it', () => {
    const { field, shown, close } = page();
    act(() => close.focus());
    pass(20_000);
    act(() => field.focus());
    pass(4_000);
    expect(shown).toBeInTheDocument();
    // Due after 5 s, then a second to fade out.
    pass(2_000);
    pass(1_000);
    expect(shown).not.toBeInTheDocument();
  });

  it('keeps a toast that holds the focus when a pointer passes over it', () => {
    const { field, shown, close } = page();
    act(() => close.focus());
    pass(3_000);
    // React makes enter and leave from the element the pointer came from and the one it went to.
    fireEvent.mouseOut(field, { relatedTarget: shown });
    pass(3_000);
    fireEvent.mouseOut(shown, { relatedTarget: field });
    pass(20_000);
    expect(shown).toBeInTheDocument();
    // Paused all along: due 5 s after the focus leaves. (A toast due leaves the page a second later,
    // counted from the render after it is due.)
    act(() => field.focus());
    pass(3_500);
    pass(1_000);
    expect(shown).toBeInTheDocument();
  });

  it('gives the focus to the control drawn in place of the one it came from, else lets it go', () => {
    // A course card whose "Enrol" the page replaced with "Start Learning" while the reader was in the
    // toast (the enrolment's answer), and a button drawn anew as the same button.
    const drawn = (enrolled: boolean, key: string) => (
      <>
        <div data-focus-return="course-1">
          {enrolled ? <a href="/course/1">Start Learning</a> : <button type="button">Enrol</button>}
        </div>
        <button key={key} type="button">
          Save
        </button>
      </>
    );
    const view = showToasts(drawn(false, 'first'));
    const toastFrom = (control: HTMLElement, redraw: () => void) => {
      act(() => void notify.error('Done', 5000));
      act(() => control.focus());
      const close = screen.getAllByRole('button', { name: 'Close' }).at(-1)!;
      act(() => close.focus());
      redraw();
      act(() => close.click());
      pass(2_000);
    };

    toastFrom(screen.getByRole('button', { name: 'Enrol' }), () =>
      view.rerender(
        <I18nProvider i18n={i18n}>
          {drawn(true, 'first')}
          <Toasts />
        </I18nProvider>,
      ),
    );
    expect(screen.getByRole('link', { name: 'Start Learning' })).toHaveFocus();

    const save = screen.getByRole('button', { name: 'Save' });
    toastFrom(save, () =>
      view.rerender(
        <I18nProvider i18n={i18n}>
          {drawn(true, 'second')}
          <Toasts />
        </I18nProvider>,
      ),
    );
    const saveAgain = screen.getByRole('button', { name: 'Save' });
    expect(saveAgain).not.toBe(save);
    expect(saveAgain).toHaveFocus();

    toastFrom(saveAgain, () =>
      view.rerender(
        <I18nProvider i18n={i18n}>
          <Toasts />
        </I18nProvider>,
      ),
    );
    expect(document.body).toHaveFocus();
  });

  it('gives the focus back when the toast holding it is pushed out by newer ones', () => {
    const { field, close } = page();
    act(() => field.focus());
    act(() => close.focus());
    for (const message of ['Second', 'Third', 'Fourth']) act(() => void notify.error(message));
    expect(field).toHaveFocus();
  });

  it('takes the focus to the newest toast on F8, which then waits; Escape closes it and gives the focus back', () => {
    const { field, shown } = page();
    act(() => void notify.error('Not saved', 5000));
    act(() => field.focus());
    const newest = screen.getByText('Not saved', OWN);
    // The key is the page's: pressed in the field, it is not typed there.
    expect(fireEvent.keyDown(field, { key: 'F8' })).toBe(false);
    expect(screen.getByRole('button', { name: 'Close', description: 'Not saved' })).toHaveFocus();
    pass(20_000);
    expect(newest).toBeInTheDocument();
    expect(shown).toBeInTheDocument();

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(field).toHaveFocus();
    pass(2_000);
    expect(newest).not.toBeInTheDocument();
    // The older one waited too (one pause for the toaster), and goes when due, a second after.
    expect(shown).toBeInTheDocument();
    pass(3_500);
    pass(1_500);
    expect(shown).not.toBeInTheDocument();
  });

  it('gives the focus back to the button of the menu F8 left, not to the menu item, which is gone (decision 155)', () => {
    const menu = (open: boolean) => (
      <>
        <button id="row-actions">Actions</button>
        {open && (
          <div role="menu" aria-labelledby="row-actions">
            <div role="menuitem" tabIndex={-1}>
              Approve course
            </div>
          </div>
        )}
      </>
    );
    const view = showToasts(menu(true));
    act(() => void notify.success('Course approved'));
    act(() => screen.getByRole('menuitem').focus());
    fireEvent.keyDown(screen.getByRole('menuitem'), { key: 'F8' });
    const close = screen.getByRole('button', { name: 'Close', description: 'Course approved' });
    expect(close).toHaveFocus();
    // The menu closes as the focus leaves it (a menu that is not modal).
    view.rerender(
      <I18nProvider i18n={i18n}>
        {menu(false)}
        <Toasts />
      </I18nProvider>,
    );
    fireEvent.keyDown(close, { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus();
  });

  it('leaves F8 to the page when no toast is shown, or with a modifier', () => {
    const { field, shown } = page();
    act(() => field.focus());
    expect(fireEvent.keyDown(field, { key: 'F8', shiftKey: true })).toBe(true);
    expect(field).toHaveFocus();
    act(() => toast.dismiss());
    pass(2_000);
    expect(shown).not.toBeInTheDocument();
    expect(fireEvent.keyDown(field, { key: 'F8' })).toBe(true);
    expect(field).toHaveFocus();
  });

  it('describes each close button by its own toast’s message', () => {
    page();
    act(() => void notify.success('Saved'));
    const [saved, failed] = screen.getAllByRole('button', { name: 'Close' });
    expect(saved).toHaveAccessibleDescription('Saved');
    expect(failed).toHaveAccessibleDescription('Upload failed');
  });

  it('names the toaster with its key, in the reader’s language', async () => {
    showToasts();
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
    cleanup();
    await act(() => activateLanguage('ar'));
    showToasts();
    expect(screen.getByRole('region', { name: 'الإشعارات (F8)' })).toBeInTheDocument();
  });
});

describe('Toasts over a modal', () => {
  beforeEach(() => activateLanguage('en'));

  /** A modal holding a field, open over the page, and the toaster; `onOpenChange` records closes. */
  const modal = (onOpenChange = vi.fn()) => {
    const view = (open: boolean) => (
      <Modal open={open} onOpenChange={onOpenChange} title="Edit course">
        <input aria-label="Title" />
      </Modal>
    );
    const shown = showToasts(view(true));
    return {
      onOpenChange,
      close: () =>
        shown.rerender(
          <I18nProvider i18n={i18n}>
            {view(false)}
            <Toasts />
          </I18nProvider>,
        ),
    };
  };

  it('draws the toasts inside the open modal, where F8 reaches them; Escape closes the toast, not the modal', async () => {
    const { onOpenChange } = modal();
    const field = await screen.findByRole('textbox', { name: 'Title' });
    act(() => field.focus());
    act(() => void notify.error('Missing incomplete fields', 5000));
    const dialog = screen.getByRole('dialog', { name: 'Edit course' });
    expect(dialog).toContainElement(screen.getByRole('region', { name: 'Notifications (F8)' }));

    fireEvent.keyDown(field, { key: 'F8' });
    const close = screen.getByRole('button', { name: 'Close', description: 'Missing incomplete fields' });
    expect(close).toHaveFocus();
    expect(dialog).toContainElement(close);

    fireEvent.keyDown(close, { key: 'Escape' });
    expect(field).toHaveFocus();
    await waitFor(() => expect(screen.queryByText('Missing incomplete fields', OWN)).toBeNull());
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit course' })).toBeInTheDocument();
  });

  it('draws them in the top modal: a question opened from the course form, then the form again', async () => {
    const both = (question: boolean) => (
      <I18nProvider i18n={i18n}>
        <Modal open onOpenChange={() => {}} title="Edit course">
          <Modal open={question} onOpenChange={() => {}} title="Question 1">
            <input aria-label="Question" />
          </Modal>
        </Modal>
        <Toasts />
      </I18nProvider>
    );
    const shown = render(both(true));
    const question = await screen.findByRole('dialog', { name: 'Question 1' });
    act(() => void notify.error('Incomplete field', 5000));
    expect(question).toContainElement(screen.getByText('Incomplete field', OWN));
    shown.rerender(both(false));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Question 1' })).toBeNull());
    const form = screen.getByRole('dialog', { name: 'Edit course' });
    expect(form).toContainElement(screen.getByText('Incomplete field', OWN));
  });

  it('starts them below the modal’s header, not over its title and Close button (decision 207)', async () => {
    const { close } = modal();
    const dialog = await screen.findByRole('dialog', { name: 'Edit course' });
    // jsdom lays nothing out: the header, the panel's first element, ends 81 px down (a phone's).
    const header = dialog.firstElementChild!;
    vi.spyOn(header, 'getBoundingClientRect').mockReturnValue({ bottom: 81 } as DOMRect);
    act(() => void window.dispatchEvent(new Event('resize')));
    act(() => void notify.error('Missing incomplete fields', 5000));
    const toaster = document.querySelector<HTMLElement>(`.${TOASTER_CLASS}`)!;
    expect(header).toHaveTextContent('Edit course');
    expect(toaster.style.top).toBe(`var(${TOASTS_TOP}, 16px)`);
    // The toaster's top, as the browser resolves its variable (jsdom does not).
    const topOf = () => {
      for (let at: HTMLElement | null = toaster; at; at = at.parentElement) {
        const value = at.style.getPropertyValue(TOASTS_TOP);
        if (value) return value;
      }
      return '16px';
    };
    expect(topOf()).toBe('89px');
    // In the page again: the toaster's own place.
    close();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(topOf()).toBe('16px');
  });

  it('moves them when the header changes height with no window resize (a late web font), until the modal closes', async () => {
    // jsdom has no ResizeObserver: a stub that records what is observed and lets the test report a change.
    const observers: { callback: () => void; targets: Set<Element>; disconnected: boolean }[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        record = { callback: () => {}, targets: new Set<Element>(), disconnected: false };
        constructor(callback: () => void) {
          this.record.callback = callback;
          observers.push(this.record);
        }
        observe(target: Element) {
          this.record.targets.add(target);
        }
        unobserve(target: Element) {
          this.record.targets.delete(target);
        }
        disconnect() {
          this.record.disconnected = true;
          this.record.targets.clear();
        }
      },
    );
    try {
      const { close } = modal();
      const dialog = await screen.findByRole('dialog', { name: 'Edit course' });
      const header = dialog.firstElementChild!;
      const bottom = vi.spyOn(header, 'getBoundingClientRect').mockReturnValue({ bottom: 81 } as DOMRect);
      act(() => void window.dispatchEvent(new Event('resize')));
      act(() => void notify.error('Missing incomplete fields', 5000));
      const toaster = document.querySelector<HTMLElement>(`.${TOASTER_CLASS}`)!;
      // The toaster's top, as the browser resolves its variable (see the test above).
      const value = () => {
        for (let at: HTMLElement | null = toaster; at; at = at.parentElement) {
          const top = at.style.getPropertyValue(TOASTS_TOP);
          if (top) return top;
        }
        return '16px';
      };
      expect(value()).toBe('89px');
      const watching = observers.filter((observer) => observer.targets.has(header));
      expect(watching).toHaveLength(1);
      // The title wraps onto a second line (its font arrived): no window resize, the header grows.
      bottom.mockReturnValue({ bottom: 109 } as DOMRect);
      act(() => watching[0]!.callback());
      expect(value()).toBe('117px');
      close();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(watching[0]!.disconnected).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('starts them below the whole box of an alert dialog, over none of its explanation, or at the window’s foot', async () => {
    const shown = render(
      <I18nProvider i18n={i18n}>
        <Modal open role="alertdialog" onOpenChange={() => {}} title="Leave without saving?">
          <p>Your changes to this course will be lost.</p>
        </Modal>
        <Toasts />
      </I18nProvider>,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    vi.spyOn(dialog.firstElementChild!, 'getBoundingClientRect').mockReturnValue({ bottom: 81 } as DOMRect);
    const box = vi.spyOn(dialog, 'getBoundingClientRect').mockReturnValue({ bottom: 260 } as DOMRect);
    act(() => void window.dispatchEvent(new Event('resize')));
    act(() => void notify.error('Request failed', 5000));
    const toaster = document.querySelector<HTMLElement>(`.${TOASTER_CLASS}`)!;
    const topOf = () => {
      for (let at: HTMLElement | null = toaster; at; at = at.parentElement) {
        const value = at.style.getPropertyValue(TOASTS_TOP);
        if (value) return value;
      }
      return '16px';
    };
    expect(topOf()).toBe('268px');
    // A box down to the window's foot: the toast keeps room there.
    box.mockReturnValue({ bottom: window.innerHeight } as DOMRect);
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(topOf()).toBe(`${window.innerHeight - 96 + 8}px`);
    shown.unmount();
  });

  it('draws them in the page again once the modal is closed, the toasts shown staying', async () => {
    const { close } = modal();
    await screen.findByRole('dialog');
    act(() => void notify.success('Saved'));
    close();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    expect(region).toContainElement(screen.getByText('Saved', OWN));
    expect(announcer()).toHaveTextContent(/^Saved$/);
  });
});
