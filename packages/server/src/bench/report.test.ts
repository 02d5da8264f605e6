import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load-job.ts';
import { medianFigure, routeTable, type RouteFigure } from './report.ts';

const result = (perSecond: number): LoadResult => ({
  requests: perSecond * 5,
  seconds: 5,
  perSecond,
  p50: 1,
  p95: 2,
  p99: 3,
  max: 4,
  failures: 0,
  statuses: {},
  errors: {},
  steps: [],
});

const figure = (route: string, perSecond: number, ceilingBeside?: number): RouteFigure => ({
  route,
  ceiling: ceilingBeside === undefined,
  ceilingBeside,
  bytes: 576,
  sequential: false,
  result: result(perSecond),
});

describe('medianFigure: a route measured in several alternations with its ceiling (decision 219)', () => {
  it('keeps the alternation whose ratio is the median, not the fastest, with every ratio in order', () => {
    // Ratios 0.30, 0.20, 0.25: the median ratio is the slowest run in req/s (its ceiling was slow too).
    const runs = [
      figure('quiz', 6_000, 20_000),
      figure('quiz', 5_000, 25_000),
      figure('quiz', 4_500, 18_000),
    ];
    const median = medianFigure(runs);
    expect(median.result.perSecond).toBe(4_500);
    expect(median.ceilingBeside).toBe(18_000);
    expect(median.ratios).toEqual([0.3, 0.2, 0.25]);
  });

  it('takes the lower middle one of an even count', () => {
    const runs = [0.4, 0.1, 0.3, 0.2].map((ratio) => figure('quiz', ratio * 10_000, 10_000));
    expect(medianFigure(runs).result.perSecond).toBe(2_000);
  });

  it('leaves a single measurement as it was, without a range', () => {
    const one = figure('quiz', 5_000, 20_000);
    expect(medianFigure([one])).toBe(one);
    expect(() => medianFigure([])).toThrow();
  });
});

describe('routeTable', () => {
  const run = (quiz: RouteFigure) => ({
    size: '20 courses',
    figures: [figure('bare', 20_000), quiz, figure('bare again', 20_000)],
  });

  it('shows the range of the alternations beside the median ratio', () => {
    const quiz = medianFigure([
      figure('quiz', 4_400, 20_000),
      figure('quiz', 5_200, 20_000),
      figure('quiz', 5_000, 20_000),
    ]);
    expect(routeTable([run(quiz)])).toContain(
      '| quiz | 5,000 (0.25 of 20,000; 0.22–0.26 in 3) | – | 2.0 / 3.0 | 576 B |',
    );
  });

  it('shows a route measured once as before: its ratio and its ceiling', () => {
    expect(routeTable([run(figure('quiz', 5_000, 20_000))])).toContain('| quiz | 5,000 (0.25 of 20,000) |');
  });
});
