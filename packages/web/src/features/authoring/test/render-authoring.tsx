import type { ReactElement } from 'react';
import { afterEach, vi } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import toast, { Toaster } from 'react-hot-toast';
import type { Course, CourseStatus, CourseSummary, Language, User } from '@app/shared';
import { activateLanguage } from '../../../i18n/i18n.ts';

afterEach(() => {
  cleanup();
  toast.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

/** Where the router starts; an entry with a `state` is one the history kept (a reload). */
export type StartingEntry = string | { pathname: string; search?: string; state?: unknown };

/** Renders with the real catalogs of `language`, a fresh QueryClient, a memory router and the toaster. */
export async function renderAuthoring(
  element: ReactElement,
  {
    language = 'en',
    route = '/',
    routes = [],
  }: {
    language?: Language;
    route?: StartingEntry;
    /** Other pages the element may lead to, matched before it. */
    routes?: RouteObject[];
  } = {},
) {
  await activateLanguage(language);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([...routes, { path: '*', element }], { initialEntries: [route] });
  const result = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...result, queryClient, router };
}

/** A press on a modal's backdrop, as a mouse or a finger makes it (Radix listens for the pointer). */
export function pressOutside(dialog: HTMLElement) {
  const backdrop = dialog.previousElementSibling!;
  fireEvent.pointerDown(backdrop);
  fireEvent.pointerUp(backdrop);
  fireEvent.click(backdrop);
}

export { stubApi, type RecordedCall } from '../../../test/stub-api.ts';

export const aViewer = (
  role: User['role'] = 'Contributor',
  id = '11111111-1111-4111-8111-111111111111',
): User => ({
  _id: id,
  email: 'author@example.test',
  firstname: 'Hala',
  lastname: 'Author',
  role,
  preferred_language: 'en',
});

export function aSummary(overrides: Partial<CourseSummary> = {}): CourseSummary {
  const status: CourseStatus = overrides.status ?? 'Draft';
  return {
    _id: '22222222-2222-4222-8222-222222222222',
    title: 'Open Science Basics',
    title_tr: 'أساسيات العلم المفتوح',
    description: 'What open science is.',
    description_tr: null,
    author: 'Hala Author',
    license: 'CC-BY-4.0',
    status,
    status_tr: status,
    isAvailable: true,
    enableEditing: true,
    preview_image: '/api/v1/files/cover',
    createdAt: '2026-03-05T10:00:00.000Z',
    updatedAt: '2026-03-06T10:00:00.000Z',
    createdBy: {
      _id: aViewer()._id,
      firstname: 'Hala',
      lastname: 'Author',
      email: 'author@example.test',
      role: 'Contributor',
      role_tr: 'مساهم',
    },
    enrolled_users: [],
    enrolled_count: 0,
    enrolled: false,
    ...overrides,
  };
}

export function aCourse(overrides: Partial<Course> = {}): Course {
  return {
    ...aSummary(overrides),
    course_section: [
      {
        _id: '33333333-3333-4333-8333-333333333333',
        title: 'Getting started',
        title_tr: null,
        description: 'First steps.',
        description_tr: null,
        resources: [
          {
            _id: '44444444-4444-4444-8444-444444444444',
            type: 'video',
            title: 'Welcome',
            title_tr: null,
            description: 'A welcome video.',
            description_tr: null,
            link: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
            file: null,
            quiz: null,
          },
        ],
      },
    ],
    version: 1,
    ...overrides,
  };
}
