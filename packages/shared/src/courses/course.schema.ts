import { z } from 'zod';
import { COURSE_SORTS, COURSE_STATUSES, LIMITS, PAGE, RESOURCE_TYPES, ROLES } from '../common/constants.ts';
import { isEmbeddableVideoUrl, toYouTubeEmbedUrl } from '../common/youtube.ts';
import { noNul, optionalId, recordId, text, translation } from './fields.ts';
import { COURSE_LICENSES, DEFAULT_COURSE_LICENSE } from './licenses.ts';
import { reviewNoteSchema } from './course-actions.ts';
import {
  learnerQuizQuestionSchema,
  quizAnswerSchema,
  quizFeedbackSchema,
  quizQuestionInputSchema,
  quizQuestionSchema,
} from './quiz.schema.ts';

/** One of the licences of `licenses.ts` (kept out of that file so the browser reads it without zod). */
export const courseLicenseSchema = z.enum(COURSE_LICENSES, { message: 'invalid_option' });

// ---------- what authors send (POST /course/new, PATCH /course/:id `body`) ----------
// The `…Input` types are what these schemas output: checked and normalised, ready to store. The course
// form's values are the drafts of `course-draft.schema.ts`, which pipe into these schemas.

const resourceBase = {
  _id: optionalId,
  title: text(LIMITS.titleMax),
  title_tr: translation(LIMITS.titleMax),
  description: text(LIMITS.descriptionMax),
  description_tr: translation(LIMITS.descriptionMax),
};

export const resourceInputSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      ...resourceBase,
      type: z.literal('video'),
      link: z
        .string()
        .trim()
        .min(1)
        .max(LIMITS.linkMax)
        .pipe(z.url())
        .refine(isEmbeddableVideoUrl, { message: 'video_not_embeddable' })
        // Authors paste watch and share links; the course stores the embed URL (decision 029). The
        // refine above has checked that there is one.
        .transform((link) => toYouTubeEmbedUrl(link)!),
    }),
    z.object({
      ...resourceBase,
      type: z.literal('pdf'),
      /** URL of a file uploaded through POST /files (its `secure_url`). */
      file: z.string().trim().min(1, { message: 'pdf_file_required' }).max(LIMITS.linkMax),
    }),
    z.object({
      ...resourceBase,
      type: z.literal('quiz'),
      quiz: z.array(quizQuestionInputSchema).min(1, { message: 'quiz_required' }).max(LIMITS.questionsMax),
    }),
  ],
  { message: 'invalid_option' },
);

export const sectionInputSchema = z.object({
  _id: optionalId,
  title: text(LIMITS.sectionTitleMax),
  title_tr: translation(LIMITS.sectionTitleMax),
  description: text(LIMITS.descriptionMax),
  description_tr: translation(LIMITS.descriptionMax),
  resources: z.array(resourceInputSchema).max(LIMITS.resourcesPerSectionMax).default([]),
});

/**
 * A limit passed (under `coursesection`): a whole course's (decision 204), or an array's own maximum,
 * as the schema's check of that array would report it.
 */
export type CourseLimitIssue =
  | {
      code: 'custom';
      path: (string | number)[];
      message: 'too_many_course_resources' | 'too_many_course_questions';
    }
  | { code: 'too_big'; origin: 'array'; maximum: number; inclusive: true; path: (string | number)[] };

const entries = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
const tooLong = (path: (string | number)[], maximum: number): CourseLimitIssue => ({
  code: 'too_big',
  origin: 'array',
  maximum,
  inclusive: true,
  path,
});

/**
 * The whole course's questions and resources (decision 204), on top of the limits per part, and the
 * lengths of the sections and of each section's resources. A course-wide limit is reported where its
 * count first passes it, on a field the course form shows: that quiz's questions, or that section's
 * resources (unless that section's own limit is reported there). It reads only the lengths of the
 * arrays, of any input whatever its shape, so it runs BEFORE the sections are checked: a body far past
 * the limits is refused without validating (and reporting on) each of its hundreds of thousands of
 * parts, whatever order zod checks an array in (a review timed 100,000 `{}` sections at 0.3–0.4 s).
 */
export function courseLimitIssues(sections: unknown): CourseLimitIssue[] {
  const all = entries(sections);
  // Refused on that alone: the sections past the limit are not the form's to show.
  if (all.length > LIMITS.sectionsMax) return [tooLong([], LIMITS.sectionsMax)];
  const issues: CourseLimitIssue[] = [];
  const crosses = (before: number, after: number, max: number) => before <= max && after > max;
  let resources = 0;
  let questions = 0;
  all.forEach((section, s) => {
    const sectionResources = entries(field(section, 'resources'));
    const before = resources;
    resources += sectionResources.length;
    if (sectionResources.length > LIMITS.resourcesPerSectionMax)
      issues.push(tooLong([s, 'resources'], LIMITS.resourcesPerSectionMax));
    else if (crosses(before, resources, LIMITS.courseResourcesMax))
      issues.push({ code: 'custom', path: [s, 'resources'], message: 'too_many_course_resources' });
    sectionResources.forEach((resource, r) => {
      // Only a quiz keeps its questions (the other types' `quiz` is dropped unread).
      if (field(resource, 'type') !== 'quiz') return;
      const length = entries(field(resource, 'quiz')).length;
      if (crosses(questions, (questions += length), LIMITS.courseQuestionsMax))
        issues.push({
          code: 'custom',
          path: [s, 'resources', r, 'quiz'],
          message: 'too_many_course_questions',
        });
    });
  });
  return issues;
}

/** The rows of the largest course a save may send: its own, 50 sections and 500 resources (decision 204). */
export const COURSE_SAVE_ROWS_MAX = 1 + LIMITS.sectionsMax + LIMITS.courseResourcesMax;

/**
 * The rows a save of this course body writes (decision 209): the course's own, its sections' and its
 * resources' (a quiz's questions are in its resource's row). Read from the raw body (the Draft form's
 * wrapper too) as `courseLimitIssues` reads it, before it is checked, and at most a whole course's:
 * a body past the limits is refused before it writes.
 */
export function courseSaveRows(body: unknown): number {
  const sections = entries(field(unwrapCourseBody(body), 'coursesection')).slice(0, LIMITS.sectionsMax);
  let resources = 0;
  for (const section of sections) resources += entries(field(section, 'resources')).length;
  return 1 + sections.length + Math.min(resources, LIMITS.courseResourcesMax);
}

const sectionsInputSchema = z.array(sectionInputSchema).max(LIMITS.sectionsMax);

/**
 * The sections, counted first (raw, typed as the sections' input so the form's types stay) and
 * checked only within the course-wide limits: a failing check stops the pipe.
 */
const courseSectionsInputSchema = z
  .custom<z.input<typeof sectionsInputSchema>>()
  .superRefine((sections, ctx) => {
    for (const issue of courseLimitIssues(sections)) ctx.addIssue(issue);
  })
  .pipe(sectionsInputSchema);

export const courseInputSchema = z.object({
  title: text(LIMITS.titleMax),
  title_tr: translation(LIMITS.titleMax),
  description: text(LIMITS.descriptionMax),
  description_tr: translation(LIMITS.descriptionMax),
  author: text(LIMITS.authorMax),
  /** SPDX id; a form that predates the licence may omit it and gets CC BY 4.0. */
  license: courseLicenseSchema.default(DEFAULT_COURSE_LICENSE),
  coursesection: courseSectionsInputSchema.default([]),
  /** Only "Draft" (on create) and Draft → "Pending" (an owner submitting for review) have an effect. */
  status: z.enum(COURSE_STATUSES).optional(),
});
export type CourseInput = z.infer<typeof courseInputSchema>;

/** The Draft form may arrive wrapped as `{ newData: {...}, status: "Draft" }` (description §7). */
export function unwrapCourseBody(raw: unknown): unknown {
  if (raw && typeof raw === 'object' && 'newData' in raw) {
    const { newData, status } = raw as { newData: unknown; status?: unknown };
    if (newData && typeof newData === 'object') return { ...newData, status };
  }
  return raw;
}

// ---------- what the API returns ----------

const resourceFields = {
  _id: z.string(),
  type: z.enum(RESOURCE_TYPES),
  title: z.string(),
  title_tr: z.string().nullable(),
  description: z.string(),
  description_tr: z.string().nullable(),
  link: z.string().nullable(),
  file: z.string().nullable(),
};

export const resourceSchema = z.object({ ...resourceFields, quiz: z.array(quizQuestionSchema).nullable() });
export type Resource = z.infer<typeof resourceSchema>;
export const learnerResourceSchema = z.object({
  ...resourceFields,
  quiz: z.array(learnerQuizQuestionSchema).nullable(),
});
export type LearnerResource = z.infer<typeof learnerResourceSchema>;

const sectionFields = {
  _id: z.string(),
  title: z.string(),
  title_tr: z.string().nullable(),
  description: z.string(),
  description_tr: z.string().nullable(),
};
export const sectionSchema = z.object({ ...sectionFields, resources: z.array(resourceSchema) });
export type Section = z.infer<typeof sectionSchema>;
export const learnerSectionSchema = z.object({ ...sectionFields, resources: z.array(learnerResourceSchema) });
export type LearnerSection = z.infer<typeof learnerSectionSchema>;

export const courseAuthorSchema = z.object({
  _id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  role_tr: z.string(),
});

export const courseSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  title_tr: z.string().nullable(),
  description: z.string(),
  description_tr: z.string().nullable(),
  author: z.string(),
  license: courseLicenseSchema,
  status: z.enum(COURSE_STATUSES),
  status_tr: z.string(),
  isAvailable: z.boolean(),
  enableEditing: z.boolean(),
  preview_image: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: courseAuthorSchema,
  /** For learners: at most the caller's own id. */
  enrolled_users: z.array(z.string()),
  enrolled_count: z.number().int(),
  /** Whether the caller is enrolled. */
  enrolled: z.boolean(),
  /** The caller's course progress 0..100 (decision 033); only on enrolled courses of `/course/approved`. */
  progress: z.number().optional(),
  /**
   * Why an administrator sent the course back (decision 206): only to its owner and the
   * administrators (the edit form's course, the staff lists), and only while there is a note.
   */
  review_note: reviewNoteSchema.optional(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

export const courseSchema = courseSummarySchema.extend({
  course_section: z.array(sectionSchema),
  /** The content's version: sent back as `If-Match: "<version>"` by a save (decision 128). */
  version: z.number().int(),
});
export type Course = z.infer<typeof courseSchema>;

export const quizScoreSchema = z.object({ quizId: z.string(), score: z.number() });
export type QuizScore = z.infer<typeof quizScoreSchema>;

export const learnerCourseSchema = courseSummarySchema.extend({
  course_section: z.array(learnerSectionSchema),
  quizScore: z.array(quizScoreSchema),
});
export type LearnerCourse = z.infer<typeof learnerCourseSchema>;

/** Added next to `data` (which stays the array of the contract): where this page sits in the list. */
export const paginationSchema = z.object({
  /** Courses matching the query, on every page. */
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  /**
   * The catalogue and a learner's own courses only (`GET /course/approved`, `GET /user/courses`): what
   * to send as `after` for the following page, or null on the last page (decisions 055, 202).
   */
  next: z.string().nullable().optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const courseListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(courseSummarySchema),
  pagination: paginationSchema,
});
export type CourseListResponse = z.infer<typeof courseListResponseSchema>;
export const courseResponseSchema = z.object({ success: z.literal(true), data: courseSchema });
export const courseMutationResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    course: courseSchema,
    /** Only on a creation sent again with its `Idempotency-Key`: the course an earlier try made (decision 154). */
    replayed: z.literal(true).optional(),
  }),
});
export const courseActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: courseSummarySchema.pick({ status: true, isAvailable: true, enableEditing: true }),
});
/** `?to=on|off` of the switching actions (decision 098); without it they flip, as the contract says. */
export const courseSwitchQuerySchema = z.object({ to: z.enum(['on', 'off']).optional() });
export const learnerCourseResponseSchema = z.object({ success: z.literal(true), data: learnerCourseSchema });

/**
 * A whole number of a query string, in decimal digits only: `Number()` also reads "0x10", "1e3",
 * " 5", "+5" and "" (as 0). Digits alone are a whole number, so past the largest safe integer the
 * only error is the maximum.
 */
const queryCount = (min: number, max: number) =>
  z.string().regex(/^\d+$/, { abort: true }).transform(Number).pipe(z.number().min(min).max(max));

/** `limit`/`offset` of every course list; a missing one takes its default, a bad one is a 400. */
export const pageQuerySchema = z.object({
  limit: queryCount(1, PAGE.max).default(PAGE.default),
  offset: queryCount(0, PAGE.maxOffset).default(0),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * A page's `after` (decisions 055, 202): the last course shown, as its list's time in microseconds
 * since 1970 (the catalogue's update time, a learner's enrolment time) and the course id. Clients
 * send back `pagination.next` without reading it.
 */
const PAGE_CURSOR = /^(\d{1,16})~[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `limit` with `offset` or `after`; `startsOnce` refines it. */
const cursorPageQuerySchema = pageQuerySchema.extend({
  after: z
    .string()
    .regex(PAGE_CURSOR, { abort: true }) // a cursor wrong in both ways: one error, not two alike
    .refine((cursor) => Number(cursor.split('~')[0]) <= Number.MAX_SAFE_INTEGER, { message: 'invalid' })
    .optional(),
});

/** A page starts either at a course (`after`) or at a position (`offset`), not both. */
const startsOnce = (query: { after?: string; offset: number }) =>
  query.after === undefined || query.offset === 0;
const STARTS_TWICE = { path: ['offset'], message: 'invalid' };

/** `?q=` of the course lists: titles, descriptions and author (decision 056 for the boards). */
const searchTerm = z.string().trim().max(LIMITS.searchMax).refine(noNul, { message: 'invalid' }).optional();

export const courseSearchQuerySchema = cursorPageQuerySchema
  .extend({ q: searchTerm })
  .refine(startsOnce, STARTS_TWICE);
export type CourseSearchQuery = z.infer<typeof courseSearchQuerySchema>;

/** The administrators' table: server-side order (ties broken by id), status filter and search. */
export const courseTableQuerySchema = pageQuerySchema.extend({
  sort: z.enum(COURSE_SORTS).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  status: z.enum(COURSE_STATUSES).optional(),
  q: searchTerm,
});
export type CourseTableQuery = z.infer<typeof courseTableQuerySchema>;

/** `GET /user/courses` (decisions 196, 202): by offset or after a cursor, like the catalogue. */
export const myCoursesQuerySchema = cursorPageQuerySchema.refine(startsOnce, STARTS_TWICE);
export type MyCoursesQuery = z.infer<typeof myCoursesQuerySchema>;

/** A contributor's board: a page of their courses, optionally searched. */
export const contributorCoursesQuerySchema = pageQuerySchema.extend({ q: searchTerm });
export type ContributorCoursesQuery = z.infer<typeof contributorCoursesQuerySchema>;

// ---------- learning ----------

export const exerciseScoreBodySchema = z.object({
  resourceId: recordId,
  quizAnswers: z.array(quizAnswerSchema).max(LIMITS.questionsMax),
});
export type ExerciseScoreBody = z.infer<typeof exerciseScoreBodySchema>;

export const exerciseScoreResponseSchema = z.object({
  success: z.literal(true),
  score: z.object({ currentScore: z.number(), quizScore: z.array(quizScoreSchema) }),
  /** Per question, in the quiz's order (decision 035): only ever in this response, after an attempt. */
  feedback: z.array(quizFeedbackSchema),
});

export const overallScoreResponseSchema = z.object({
  success: z.literal(true),
  /** The mean of the caller's best scores over the course's quizzes, 0..100 unrounded. */
  score: z.number(),
  /**
   * Whether the caller holds the course's certificate (decision 104): issued once the score reached
   * 80 and kept if it later drops, so the score alone cannot tell whether there is one to show.
   */
  certificateIssued: z.boolean(),
});
export type OverallScore = Omit<z.infer<typeof overallScoreResponseSchema>, 'success'>;

export const idParamSchema = z.object({ id: recordId });
export const courseIdParamSchema = z.object({ courseId: recordId });

// ---------- files ----------

export const fileUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    _id: z.string(),
    secure_url: z.string(),
    content_type: z.string(),
    size: z.number().int(),
  }),
});
export type UploadedFile = z.infer<typeof fileUploadResponseSchema>['data'];
