import type { CourseSummary } from '@app/shared';
import { createAccount, expect, signInBrowser, test } from '../src/fixtures.ts';
import { enrol, strings } from './learner-support.ts';

/**
 * A learner types a search and clicks a course card before the search's 300 ms pause is over. The
 * course is entered through a navigation that takes time (its code, the session guard); the search
 * term settling meanwhile must not navigate over it and leave the learner on the dashboard.
 */
test('a course card clicked just after typing a search opens the course', async ({ page, request, lang }) => {
  const S = strings(lang);
  const learner = await createAccount(request);
  const auth = { authorization: `Bearer ${learner.token}` };
  const catalogue = (await (await request.get('/api/v1/course/approved', { headers: auth })).json()) as {
    data: CourseSummary[];
  };
  const course = catalogue.data[0];
  if (!course) throw new Error('The demo catalogue has no approved course');
  await enrol(request, learner, course._id);
  const title = lang === 'ar' && course.title_tr ? course.title_tr : course.title;

  await signInBrowser(page, learner);
  await page.goto('/dashboard');
  const card = page.getByRole('link', { name: title });
  await expect(card).toBeVisible();
  // The viewer's code arrives a second late, well after the search term has settled.
  let delayed = false;
  await page.route(/\/assets\/course-viewer-[^/]+\.js$/, async (route) => {
    delayed = true;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.getByRole('searchbox', { name: S.searchCourses }).fill(title.slice(0, 4));
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveURL(new RegExp(`/course/${course._id}$`));
  expect(delayed).toBe(true);
});
