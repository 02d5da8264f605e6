/**
 * How big a bench dataset is, and how its enrolments are spread over the courses. Pure arithmetic,
 * so the shape can be checked without a database (and is the same on every run).
 */
export interface DatasetSize {
  courses: number;
  contributors: number;
  learners: number;
  enrolments: number;
  quizScores: number;
  quizAttempts: number;
  /** Video and PDF lessons marked done (each course has two lessons). */
  lessonCompletions: number;
}

/**
 * The shape #10 was measured at: 1,000 courses, 100,000 learners, 1M enrolments, 1.3M scores, 1.9M
 * attempts; and 1M lesson completions (half of the enrolments' lessons), which #10 did not state.
 */
const FULL_SCALE: DatasetSize = {
  courses: 1_000,
  contributors: 90,
  learners: 100_000,
  enrolments: 1_000_000,
  quizScores: 1_300_000,
  quizAttempts: 1_900_000,
  lessonCompletions: 1_000_000,
};

/** The demo size the bench always measures: 20 courses, a few hundred learners. */
export const DEMO_SIZE: DatasetSize = {
  courses: 20,
  contributors: 2,
  learners: 200,
  enrolments: 1_000,
  quizScores: 1_300,
  quizAttempts: 1_900,
  lessonCompletions: 1_000,
};

/**
 * The full-scale shape times `factor` (0 < factor ≤ 1 in practice). Courses never drop below the
 * demo's 20, so a tiny factor still has a catalogue worth listing.
 */
export function scaledSize(factor: number): DatasetSize {
  if (!(factor > 0)) throw new Error(`scale factor must be > 0, got ${factor}`);
  const scale = (value: number, min: number) => Math.max(min, Math.round(value * factor));
  return {
    courses: scale(FULL_SCALE.courses, DEMO_SIZE.courses),
    contributors: scale(FULL_SCALE.contributors, 1),
    learners: scale(FULL_SCALE.learners, 1),
    enrolments: scale(FULL_SCALE.enrolments, 1),
    quizScores: scale(FULL_SCALE.quizScores, 1),
    quizAttempts: scale(FULL_SCALE.quizAttempts, 1),
    lessonCompletions: scale(FULL_SCALE.lessonCompletions, 1),
  };
}

/**
 * Zipf exponent of course popularity. With 1,000 courses and 1M enrolments, s = 0.8 puts 64,642
 * learners in the most popular course, the skew #10 was measured with (64,643), and ~260 in the least.
 */
export const ZIPF_EXPONENT = 0.8;

/**
 * Enrolments per course by popularity rank (index 0 = most popular): proportional to rank^-s, no
 * course above `perCourseMax` (a course cannot have more learners than exist; the surplus goes to
 * the next courses), rounded so that the counts add up to exactly `total` (largest remainder).
 */
export function enrolmentsPerCourse(
  total: number,
  courses: number,
  perCourseMax: number,
  exponent = ZIPF_EXPONENT,
): number[] {
  if (total > courses * perCourseMax) throw new Error('more enrolments than learner × course pairs');
  const weights = Array.from({ length: courses }, (_, rank) => (rank + 1) ** -exponent);
  const shares = new Array<number>(courses).fill(0);
  // Water-filling: cap the biggest courses, spread what they could not take over the rest.
  let open = weights.map((_, index) => index);
  let left = total;
  for (;;) {
    const weightLeft = open.reduce((sum, index) => sum + weights[index]!, 0);
    const over = open.filter((index) => (left * weights[index]!) / weightLeft > perCourseMax);
    if (over.length === 0) {
      for (const index of open) shares[index] = (left * weights[index]!) / weightLeft;
      break;
    }
    for (const index of over) shares[index] = perCourseMax;
    left -= over.length * perCourseMax;
    open = open.filter((index) => !over.includes(index));
  }
  const counts = shares.map(Math.floor);
  const byRemainder = shares
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  let missing = total - counts.reduce((sum, count) => sum + count, 0);
  for (const { index } of byRemainder) {
    if (missing === 0) break;
    counts[index]! += 1;
    missing -= 1;
  }
  return counts;
}
