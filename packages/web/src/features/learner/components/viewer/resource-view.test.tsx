import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { activateLanguage } from '../../../../i18n/i18n.ts';
import { expectIsolatedInline } from '../../../../test/bidi.ts';
import { learnerCourse } from '../../../../test/course-fixtures.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { fakeApi } from '../../../../test/stub-api.ts';
import { DescriptionTabs } from './description-tabs.tsx';
import { ResourceView } from './resource-view.tsx';
import { ViewerHeader } from './viewer-header.tsx';
import type { Selection } from './viewer-model.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLanguage('en');
});

/**
 * The course's first lesson (a video) with English text only, as the Arabic interface shows it; no
 * link, so no player frame (the test is about the text around it).
 */
function englishLesson() {
  const base = learnerCourse();
  const section = base.course_section[0]!;
  const resource = {
    ...section.resources[0]!,
    title: 'Intro (5 min)',
    title_tr: null,
    description: 'Watch first: git rebase -i, PRs & CI/CD!',
    description_tr: null,
    link: null,
  };
  const course = { ...base, course_section: [{ ...section, resources: [resource] }] };
  const selection: Selection = {
    kind: 'resource',
    resource,
    section: course.course_section[0]!,
    sectionIndex: 0,
  };
  return { course, selection };
}

describe('course text in the Arabic viewer', () => {
  it('isolates the lesson title and its description inline; heading and paragraph keep the page direction', async () => {
    vi.stubGlobal('fetch', fakeApi({}).fetch);
    const { course, selection } = englishLesson();
    renderApp(
      <>
        <ResourceView
          course={course}
          selection={selection}
          focusRequest={null}
          completed={new Set()}
          next={undefined}
          certificateEarned={false}
          onSelect={vi.fn()}
        />
        <DescriptionTabs course={course} selection={selection} />
      </>,
    );
    await act(() => activateLanguage('ar'));
    const heading = screen.getByRole('heading', { level: 2, name: 'Intro (5 min)' });
    expect(heading).toHaveAttribute('lang', 'en');
    expectIsolatedInline(screen.getByText('Intro (5 min)', { selector: 'bdi' }), heading);
    const description = screen.getByTestId('description-text');
    expect(description).toHaveAttribute('lang', 'en');
    expectIsolatedInline(screen.getByText('Watch first: git rebase -i, PRs & CI/CD!'), description);
  });

  it('keeps the truncated course title in its own direction, inside a heading in the page direction', async () => {
    const text = 'Git & GitHub 101 (Part 2): branches, PRs & CI/CD!';
    renderApp(
      <ViewerHeader
        title={{ text, lang: 'en' }}
        progress={0}
        contentOpen={false}
        onToggleContent={vi.fn()}
      />,
    );
    const heading = screen.getByRole('heading', { level: 1, name: text });
    // A clamped text: its ellipsis must end the title, so the text takes the title's direction
    // (an isolated span as wide as the text), while the heading keeps the page's, and with it the
    // page's start: the right in Arabic. No physical alignment is needed for that (decision 115).
    const line = screen.getByText(text, { selector: 'span' });
    expect(line).toHaveAttribute('dir', 'auto');
    expect(line).toHaveClass('w-fit', 'max-w-full');
    expect(heading).toContainElement(line);
    expect(heading).not.toHaveAttribute('dir');
    await act(() => activateLanguage('ar'));
    expect(heading).not.toHaveAttribute('dir');
    for (const box of [heading, line]) expect(box.className).not.toMatch(/text-(left|right)/);
  });
});
