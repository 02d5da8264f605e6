import { sql } from 'drizzle-orm';
import { foldedInSql } from './fold-for-search.ts';
import {
  boolean,
  customType,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CourseLicense,
  CourseStatus,
  Language,
  QuizAnswer,
  QuizQuestion,
  ResourceType,
  Role,
} from '@app/shared';

/** Data model (architecture §5). UUID keys are exposed as `_id`; growing counts are rows, not arrays. */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    role: text('role').$type<Role>().notNull(),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    /** ORCID iD (e.g. 0000-0002-1825-0097): the `sub` of ORCID sign-in, shown next to public names. */
    orcid: text('orcid'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    preferredLanguage: text('preferred_language').$type<Language>().notNull().default('en'),
    /**
     * Name and e-mail address folded by the database on every write (decision 058); triggers copy it
     * into the user's courses for the administrators' search (`courses.creatorSearchText`, decision 060).
     */
    searchText: text('search_text').generatedAlwaysAs(
      foldedInSql(sql`"firstname" || ' ' || "lastname" || ' ' || "email"`),
    ),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    uniqueIndex('users_orcid_key').on(t.orcid),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    /** When the session ended (expired or revoked): the housekeeping's purge reads it (decision 107). */
    index('sessions_ended_idx').on(sql`least(${t.expiresAt}, ${t.revokedAt})`),
  ],
);

export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_verifications_token_key').on(t.tokenHash),
    index('email_verifications_user_idx').on(t.userId),
    /**
     * The housekeeping's purge deletes a link once it has expired, used or not: a used one is kept till
     * then so that opening it again says the address is verified (decisions 109 and 175).
     */
    index('email_verifications_expires_idx').on(t.expiresAt),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash'),
    /**
     * HMAC of the normalised address asked for (`resetEmailKey`), known account or not: wrong codes are
     * limited per address and a newer request ends the older ones (decision 131). Null on rows made
     * before migration 0016.
     */
    emailKey: text('email_key'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_resets_user_idx').on(t.userId),
    index('password_resets_email_key_idx').on(t.emailKey),
    /** The housekeeping's purge of dead requests reads it (decision 107). */
    index('password_resets_expires_idx').on(t.expiresAt),
  ],
);

export const files = pgTable(
  'files',
  {
    id: id(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerId),
    /** The files housekeeping sweeps files in this order, up to its age threshold (decision 114). */
    index('files_created_idx').on(t.createdAt, t.id),
  ],
);

export const courses = pgTable(
  'courses',
  {
    id: id(),
    title: text('title').notNull(),
    titleTr: text('title_tr'),
    description: text('description').notNull(),
    descriptionTr: text('description_tr'),
    author: text('author').notNull(),
    /** SPDX id, one of COURSE_LICENSES (migration 0002). */
    license: text('license').$type<CourseLicense>().notNull().default('CC-BY-4.0'),
    status: text('status').$type<CourseStatus>().notNull(),
    isAvailable: boolean('is_available').notNull().default(true),
    enableEditing: boolean('enable_editing').notNull().default(true),
    previewFileId: uuid('preview_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Titles and descriptions in both languages, folded by `foldForSearch`, for `?q=`. */
    searchText: text('search_text').notNull().default(''),
    /**
     * The contributor's `users.search_text`, for the administrators' search; kept by database triggers
     * when a course is written or its contributor renamed (decision 060).
     */
    creatorSearchText: text('creator_search_text').notNull().default(''),
    /** Kept by database triggers in the transaction that enrols or un-enrols (decision 018). */
    enrolledCount: integer('enrolled_count').notNull().default(0),
    /**
     * One more at each save of the course's content (not at review actions): an editor's save names
     * the version it started from (`If-Match`) and is refused if another save came between (decision 128).
     */
    contentVersion: integer('content_version').notNull().default(1),
    /**
     * The `Idempotency-Key` its creation was sent with, if any: the same creation sent again (its first
     * answer lost) finds the course instead of making a second one (decision 153).
     */
    creationKey: text('creation_key'),
    /**
     * The note of the administrator who last sent the course back (Pending → Rejected), who and when
     * (decision 206, migration 0022): shown to its owner and staff until the next review decision
     * (approving clears it, another rejection replaces it), never to learners.
     */
    reviewNote: text('review_note'),
    reviewNoteBy: uuid('review_note_by').references(() => users.id, { onDelete: 'set null' }),
    reviewNoteAt: timestamp('review_note_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('courses_catalog_idx').on(t.status, t.isAvailable, t.updatedAt),
    uniqueIndex('courses_creation_key_idx')
      .on(t.createdBy, t.creationKey)
      .where(sql`${t.creationKey} is not null`),
    index('courses_created_by_idx').on(t.createdBy, t.updatedAt),
    index('courses_updated_id_idx').on(t.updatedAt, t.id),
    // `like '%term%'` finds its rows through the term's trigrams (pg_trgm, decision 058).
    index('courses_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('courses_creator_search_text_trgm_idx').using('gin', sql`${t.creatorSearchText} gin_trgm_ops`),
    // Every foreign key is indexed for its parent's deletes (decision 085): a file replaced or removed.
    index('courses_preview_file_idx').on(t.previewFileId),
  ],
);

export const courseSections = pgTable(
  'course_sections',
  {
    id: id(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    titleTr: text('title_tr'),
    description: text('description').notNull(),
    descriptionTr: text('description_tr'),
  },
  (t) => [index('course_sections_course_idx').on(t.courseId, t.position)],
);

export const resources = pgTable(
  'resources',
  {
    id: id(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    /** Denormalised so "is this quiz part of that course" is one indexed lookup. */
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').$type<ResourceType>().notNull(),
    title: text('title').notNull(),
    titleTr: text('title_tr'),
    description: text('description').notNull(),
    descriptionTr: text('description_tr'),
    link: text('link'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    quiz: jsonb('quiz').$type<QuizQuestion[]>(),
  },
  (t) => [
    index('resources_section_idx').on(t.sectionId, t.position),
    index('resources_course_idx').on(t.courseId),
    index('resources_file_idx').on(t.fileId),
  ],
);

export const enrollments = pgTable(
  'enrollments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index('enrollments_course_idx').on(t.courseId)],
);

export const quizScores = pgTable(
  'quiz_scores',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    bestScore: doublePrecision('best_score').notNull(),
    attempts: integer('attempts').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.resourceId] }),
    index('quiz_scores_user_course_idx').on(t.userId, t.courseId),
    // A lesson removed from a course deletes its rows here through this index (decision 085).
    index('quiz_scores_resource_idx').on(t.resourceId),
  ],
);

/**
 * Every attempt belongs to its learner's best score on the quiz (decision 213): the statement that
 * writes attempts upserts that row in the same statement, and deleting the learner, the quiz or its
 * course deletes the row and, through it, the attempts. One key to check per attempt, not three (the
 * learner, the quiz and the course rows each locked by its check).
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: id(),
    userId: uuid('user_id').notNull(),
    resourceId: uuid('resource_id').notNull(),
    courseId: uuid('course_id').notNull(),
    score: doublePrecision('score').notNull(),
    answers: jsonb('answers').$type<QuizAnswer[]>().notNull(),
    /**
     * Which of the learner's attempts at the quiz this is (1 for the first): their best score row's
     * `attempts` once it was counted (decision 220). A trim reads only the last few numbers, never
     * the attempts trimmed before, whose index entries stay until a vacuum.
     */
    seq: integer('seq').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'quiz_attempts_score_fk',
      columns: [t.userId, t.resourceId],
      foreignColumns: [quizScores.userId, quizScores.resourceId],
    }).onDelete('cascade'),
    index('quiz_attempts_user_resource_seq_idx').on(t.userId, t.resourceId, t.seq),
  ],
);

/**
 * A video or PDF lesson a learner has finished (decision 033): one row per (learner, resource), so
 * marking it done twice is a no-op. Quizzes are not here; their best score is in quiz_scores.
 */
export const lessonCompletions = pgTable(
  'lesson_completions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.resourceId] }),
    index('lesson_completions_user_course_idx').on(t.userId, t.courseId),
    index('lesson_completions_resource_idx').on(t.resourceId),
  ],
);

export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    issuedAt: createdAt(),
  },
  (t) => [uniqueIndex('certificates_user_course_key').on(t.userId, t.courseId)],
);

export const courseEvents = pgTable(
  'course_events',
  {
    id: id(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    createdAt: createdAt(),
  },
  (t) => [index('course_events_course_idx').on(t.courseId, t.createdAt)],
);

/** The messages the server writes (mail.service.ts). */
export type MailKind = 'passwordReset' | 'verification' | 'signupAttempt' | 'courseReturned';

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /**
     * The language the message is written in, sent as its `Content-Language` (decision 137). Null only
     * on rows queued before migration 0017: those go without the header.
     */
    language: text('language').$type<Language>(),
    /**
     * Which message it is (`MAIL_LIFETIME_MS`'s names), so a newer reset request can end the unsent mail
     * of the one it ends (decision 137). Null only on rows queued before migration 0017.
     */
    kind: text('kind').$type<MailKind>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once the mail server took it; its html and text are blanked then (decision 105). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the mail server refused it for good (a permanent 5xx answer): never tried again. */
    givenUpAt: timestamp('given_up_at', { withTimezone: true }),
    /** When the message stops being useful (its code or link expires): never sent after, and deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.givenUpAt} is null`),
    index('email_outbox_expires_idx').on(t.expiresAt),
    // A reset request ends the unsent mail of the one before it (`endUnsentMail`): found by address,
    // so that lookup stays flat however many mails the day's sign-ups queued (decision 143).
    index('email_outbox_unsent_to_idx')
      .on(sql`lower(${t.to})`, t.kind)
      .where(sql`${t.sentAt} is null and ${t.givenUpAt} is null`),
  ],
);

/**
 * Every public key that has signed credentials (decision 108): only public halves, never a private
 * key. Kept in the database so a backup carries them, and a restore (or a new key) leaves the
 * credentials learners downloaded before verifiable.
 */
export const credentialKeys = pgTable('credential_keys', {
  /** RFC 7638 thumbprint: the last segment of the key's URL (its `kid`). */
  thumbprint: text('thumbprint').primaryKey(),
  jwk: jsonb('jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});
