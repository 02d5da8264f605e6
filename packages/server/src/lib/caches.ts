import type { QuizScore, Role } from '@app/shared';
import { DerivedCache } from './derived-cache.ts';
import { TtlCache } from './ttl-cache.ts';

/**
 * A session as the guards trust it from the cache (decisions 003, 019), with what decides whether it
 * is still valid.
 */
export interface CachedSession {
  /** The signed-in user as the guards hand it to routes (`AuthUser`): built once, frozen, shared. */
  user: Readonly<{
    id: string;
    sessionId: string;
    role: Role;
    email: string;
    firstname: string;
    lastname: string;
    preferredLanguage: 'en' | 'ar';
  }>;
  isActive: boolean;
  /** Epoch ms at which the session expires. */
  expiresAt: number;
}

/** What the caches need to know of a cached catalogue page: which courses it shows (decision 076). */
export interface CataloguePageCourses {
  readonly rows: readonly { readonly id: string }[];
}

/** Whom a writer's `settle()` waits for: see there. */
export type SettleScope = 'all' | 'others';

/** Generations of a learner's cached figures, read before their write (`TtlCache.revise`). */
export interface LearnerMark {
  progress: number;
  scores: number;
  completed: number;
}

/**
 * A learner's "My courses" list as `caches.joined` keeps it (decision 208): each course's cursor, none
 * when the list is too long to keep.
 */
export interface JoinedOrder {
  readonly cursors: readonly string[] | undefined;
}

/**
 * The cursors `caches.joined` holds at most, all lists together (decision 208, amended): ~80 bytes
 * each, ~20 MB. 20,000 lists of 12 courses fit; of full lists (200), the 1,250 read last.
 */
export const JOINED_CURSORS_MAX = 250_000;

/** Safety net only: entries are evicted by change notifications; the TTL bounds a missed one. */
const TTL_MS = 60_000;
/**
 * How old a public page's last copy may be when it stands in for the page while the database is away
 * (decision 158): the copies are evicted like the caches, but missed changes are bounded by this.
 */
const COPY_TTL_MS = 60 * 60_000;

/**
 * The in-process caches of the hot paths (decisions 019 and 036): session lookups of the auth guard,
 * pages of the learner catalogue as JSON text (without the per-caller fields), each course as a
 * learner studies it (JSON text, its access facts and its quiz keys), the public catalogue's count,
 * the staff lists' totals, and per learner their enrolled course ids, their course progress, their
 * best quiz scores, the lessons they completed and the courses they hold a certificate of.
 *
 * They are exact because every change to the rows behind them notifies (`app_cache` channel, sent by
 * database triggers at commit): `apply` evicts what a notification names. While the notifications may
 * be missing (PostgreSQL listener not connected) the caches are bypassed and emptied.
 *
 * Apart from them, `publicCopies`: the last copy of each public page's content, read only when the
 * database cannot answer (decision 158). A notification about courses or users evicts them as it does
 * the caches; losing the notifications keeps them (that is when they are needed), and finding them
 * again empties them, as changes may have gone unheard in between.
 */
export class AppCaches {
  readonly sessions = new TtlCache<CachedSession>(50_000, TTL_MS);
  /** Its pages by query; what else a page holds is `course-lists.service.ts`'s business. */
  readonly catalogue = new TtlCache<CataloguePageCourses>(500, TTL_MS);
  /**
   * A learner's own answer for a catalogue page, by learner and page, kept while the page, their
   * enrolled ids and their progress are the very entries it was joined from (decision 149): no
   * notification evicts it, a change to any of those replaces the entry it was made from.
   */
  readonly catalogueAnswers = new DerivedCache<unknown>(500);
  readonly enrolled = new TtlCache<ReadonlySet<string>>(20_000, TTL_MS);
  /**
   * By learner: the order of their "My courses" list, each course's cursor only (decision 208). Evicted
   * by their enrolments and with everything derived from courses; the rows it shows are `courseRows`',
   * shared by every learner. Bounded by the cursors it holds: 20,000 full lists were ~320 MB.
   */
  readonly joined = new TtlCache<JoinedOrder>(20_000, TTL_MS, {
    weigh: (order) => order.cursors?.length ?? 0,
    max: JOINED_CURSORS_MAX,
  });
  /**
   * By course id: its summary row as the learners' own lists show it (decision 208), one copy for
   * every learner's list; what it holds is `course-lists.service.ts`'s business. Evicted with
   * everything derived from courses and by the course's counter (`n:`).
   */
  readonly courseRows = new TtlCache<unknown>(2_000, TTL_MS);
  /** By course id; what it holds is `course-snapshots.service.ts`'s business. */
  readonly courses = new TtlCache<unknown>(2_000, TTL_MS);
  /** By learner: course id → progress 0..100 in each enrolled course. */
  readonly progress = new TtlCache<ReadonlyMap<string, number>>(20_000, TTL_MS);
  /** By learner: course id → their best quiz scores in it. */
  readonly scores = new TtlCache<ReadonlyMap<string, QuizScore[]>>(20_000, TTL_MS);
  /** By learner: course id → the lessons they completed in it, in id order (decision 066). */
  readonly completed = new TtlCache<ReadonlyMap<string, readonly string[]>>(20_000, TTL_MS);
  /** By learner: the ids of the courses whose certificate they hold (decision 104). */
  readonly certified = new TtlCache<ReadonlySet<string>>(20_000, TTL_MS);
  /** The number of public courses (the public catalogue's page count). */
  readonly publicCount = new TtlCache<number>(1, TTL_MS);
  /** The staff lists' totals, by list, filter values and term (decision 072). */
  readonly staffCounts = new TtlCache<number>(2_000, TTL_MS);
  /** By public page; what a copy holds is `public-courses.service.ts`'s business (decision 158). */
  readonly publicCopies = new TtlCache<unknown>(500, COPY_TTL_MS);
  private live = false;
  private barrier: (scope: SettleScope) => Promise<void> = async () => {};
  /** Tells the OTHER instances (this one has applied the change already); without a listener, no one. */
  private publisher: (payload: string) => void = () => {};

  /** False while notifications cannot be trusted: every read goes to the database then. */
  get usable(): boolean {
    return this.live;
  }

  /** The listener reports whether notifications are flowing; any change of state empties everything. */
  setLive(live: boolean): void {
    this.clearAll();
    if (live) this.publicCopies.clear();
    this.live = live;
  }

  /** How `settle()` waits for the listener (PostgreSQL: a notification round trip). */
  useBarrier(barrier: (scope: SettleScope) => Promise<void>): void {
    this.barrier = barrier;
  }

  /** How `learnerChanged` reaches the other instances (the listener's business, like the barrier). */
  usePublisher(publisher: (payload: string) => void): void {
    this.publisher = publisher;
  }

  /** Read before a learner's write that `learnerChanged` will report (decision 061). */
  learnerMark(): LearnerMark {
    return {
      progress: this.progress.generation,
      scores: this.scores.generation,
      completed: this.completed.generation,
    };
  }

  /**
   * A learner's lesson completion or quiz attempt has committed: a change no trigger announces
   * (decision 041). Here, their cached progress in the course (and best scores after a quiz, completed
   * lessons after a lesson) become
   * what the write answered, where the entries are still exact since `mark` (decision 061: their next
   * catalogue and course view need no query), or are evicted when `change` is not known; every other
   * instance evicts both on `p:<user>`, applied everywhere once the writer's `settle()` returns. This
   * instance ignores its own `p:` when it arrives.
   */
  learnerChanged(
    userId: string,
    mark: LearnerMark,
    courseId: string,
    change?: { progress: number; quizScore?: QuizScore[]; completed?: readonly string[] },
  ): void {
    if (!change) {
      // The write committed but its figures are unknown (the read after it failed): evict.
      this.clearLearner(userId);
    } else {
      const { progress, quizScore, completed } = change;
      this.progress.revise(userId, mark.progress, (byCourse) => new Map(byCourse).set(courseId, progress));
      if (quizScore) {
        this.scores.revise(userId, mark.scores, (byCourse) => new Map(byCourse).set(courseId, quizScore));
      }
      if (completed) {
        this.completed.revise(userId, mark.completed, (byCourse) =>
          new Map(byCourse).set(courseId, completed),
        );
      }
    }
    this.publisher(`p:${userId}`);
  }

  /**
   * A certificate has just been issued (a write no trigger announces, like a quiz attempt): the
   * learner's cached certificates are evicted here, so their next overall score reads them again (a
   * fill begun before the insert cannot store its older set: `TtlCache.delete`), and on every other
   * instance through `p:<user>` once the issuer's `settle('others')` returns (decision 104). Once per
   * learner and course, so the reload it costs is rare.
   */
  certificateIssued(userId: string): void {
    this.certified.delete(userId);
    this.publisher(`p:${userId}`);
  }

  /**
   * Called after a write that invalidates something. 'all': returns once this instance's listener has
   * heard every notification committed before the call, so this instance's next request sees the change,
   * and every other instance has applied them. 'others': after a learner's change reported by
   * `learnerChanged`, which this instance has applied already and no trigger announces; only the other
   * instances need it, so an instance alone waits for nothing (decision 070).
   */
  settle(scope: SettleScope = 'all'): Promise<void> {
    return this.live ? this.barrier(scope) : Promise.resolve();
  }

  clearAll(): void {
    this.sessions.clear();
    this.catalogue.clear();
    this.catalogueAnswers.clear(); // for the memory: no longer drawn on, they would never match again
    this.enrolled.clear();
    this.clearCourses(); // the "My courses" lists too
    this.clearLearners();
  }

  /** Everything derived from course rows, their trees or their authors. */
  private clearCourses(): void {
    this.catalogue.clear();
    this.courses.clear();
    this.publicCount.clear();
    this.staffCounts.clear();
    this.joined.clear();
    this.courseRows.clear();
  }

  /** A learner's progress, scores, completed lessons and certificates. */
  private clearLearner(userId: string): void {
    this.progress.delete(userId);
    this.scores.delete(userId);
    this.completed.delete(userId);
    this.certified.delete(userId);
  }

  /** Every learner's progress, scores, completed lessons and certificates. */
  private clearLearners(): void {
    this.progress.clear();
    this.scores.clear();
    this.completed.clear();
    this.certified.clear();
  }

  /**
   * One notification payload: `s:<session id>`, `u:<user id>`, `e:<user id>`, `c:*`, `n:<course id>`
   * (its enrolment counter alone changed), `p:<user id>` (their lesson completions, quiz scores or
   * certificates changed); `<prefix>*` = all.
   */
  apply(payload: string): void {
    const kind = payload.slice(0, 2);
    const key = payload.slice(2);
    const all = key === '*';
    switch (kind) {
      case 's:':
        if (all) this.sessions.clear();
        else this.sessions.delete(key);
        break;
      case 'u:':
        // Author names and roles appear in the catalogue and the course views too.
        this.clearCourses();
        this.publicCopies.clear();
        if (all) {
          this.sessions.clear();
          this.clearLearners();
        } else {
          this.sessions.deleteWhere((session) => session.user.id === key);
          this.clearLearner(key);
        }
        break;
      case 'e:':
        if (all) {
          this.enrolled.clear();
          this.joined.clear();
          this.progress.clear();
        } else {
          this.enrolled.delete(key);
          this.joined.delete(key);
          this.progress.delete(key);
        }
        break;
      case 'c:':
        // A course's lessons and quizzes are progress's denominator, the scores' quizzes and the
        // completions' lessons (deleting a lesson deletes its completions).
        this.clearCourses();
        this.publicCopies.clear();
        this.clearLearners();
        break;
      case 'n:':
        // Only the course's enrolment counter moved (decision 075): it shows in the catalogue pages
        // that list the course (decision 076), in the course's own view and in its row shared by the
        // "My courses" lists (decision 208), nowhere else: the lists' order does not move.
        if (all) {
          this.catalogue.clear();
          this.courses.clear();
          this.courseRows.clear();
        } else {
          this.catalogue.deleteWhere((page) => page.rows.some((row) => row.id === key));
          this.courses.delete(key);
          this.courseRows.delete(key);
        }
        break;
      case 'p:':
        if (all) this.clearLearners();
        else this.clearLearner(key);
        break;
      // 'b:' (barriers) are answered by the listener itself.
    }
  }
}
