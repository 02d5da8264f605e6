import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import type { LoadResult } from './load-job.ts';

/** One route measured at one size. */
export interface RouteFigure {
  route: string;
  /** A run of the bare route (first and last in a table, to show the drift over the whole run). */
  ceiling: boolean;
  /**
   * The bare route's req/s measured right before this route: its ratio is to that. This host's
   * throughput drifts by a third within a minute, so only a ceiling measured beside a route says
   * what share of the server's own capacity the route gets (decision 068).
   */
  ceilingBeside?: number;
  /**
   * With `--repeat N` (decision 219): the ratio of each of the N alternations of (ceiling, route), in
   * the order measured. This figure is the alternation whose ratio is their median.
   */
  ratios?: number[];
  /**
   * CPU time of the server's process per answer (µs, user + system), measured while loaded: what the
   * route costs the server whatever the host's speed at the time. PGlite runs inside that process;
   * PostgreSQL's own processes are not counted.
   */
  cpuMicros?: number;
  /** Uncompressed body of one answer, bytes. */
  bytes: number;
  /** Set when the route was too slow to load (one request took over a second): timed one by one. */
  sequential: boolean;
  result: LoadResult;
}

export interface SizeRun {
  /** Column heading, e.g. "20 courses" or "1M enrolments". */
  size: string;
  figures: RouteFigure[];
}

const int = (value: number) => Math.round(value).toLocaleString('en-US');
/** Rates below 10/s keep a decimal or two, so a route timed one request at a time does not read "0". */
const rate = (value: number) => (value >= 10 ? int(value) : value.toFixed(value >= 1 ? 1 : 2));
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

/** A ratio to the ceiling: two decimals, three below 0.01 (a route at scale can be that far down). */
const fixed = (ratio: number) => ratio.toFixed(ratio < 0.01 ? 3 : 2);
/** "; 0.22–0.26 in 5" when the route was measured in several alternations with its ceiling. */
const spread = (ratios: number[] | undefined) =>
  ratios && ratios.length > 1
    ? `; ${fixed(Math.min(...ratios))}–${fixed(Math.max(...ratios))} in ${ratios.length}`
    : '';

/**
 * A route's req/s over the ceiling's measured right before it (decision 068), or over `ceiling` (the
 * bare route's own rows: the run's mean); NaN without one.
 */
export const ratioToCeiling = (figure: RouteFigure, ceiling = figure.ceilingBeside) =>
  ceiling ? figure.result.perSecond / ceiling : Number.NaN;

/**
 * Of the same route measured in several alternations with its ceiling (`--repeat`, decision 219),
 * the one whose ratio is the median (the lower middle one for an even count), carrying every
 * alternation's ratio: a moment when the host was slow or fast for one of the two moves the range
 * shown beside the figure, not the figure.
 */
export function medianFigure(figures: readonly RouteFigure[]): RouteFigure {
  if (figures.length === 0) throw new Error('no figure to take the median of');
  if (figures.length === 1) return figures[0]!;
  const ratios = figures.map((figure) => ratioToCeiling(figure));
  const byRatio = [...figures].sort((a, b) => ratioToCeiling(a) - ratioToCeiling(b));
  return { ...byRatio[Math.floor((figures.length - 1) / 2)]!, ratios };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/**
 * Markdown table, one row per route, one column group per size: req/s with its ratio to the ceiling
 * measured beside it (and that ceiling's req/s, and with `--repeat` the range of the alternations'
 * ratios), p95 / p99 in ms, body size. The bare route's own rows show their ratio to the mean of the
 * run's bare-route rows. Failures are shown, never hidden.
 */
export function routeTable(runs: SizeRun[]): string {
  const head = [
    'Route',
    ...runs.flatMap((run) => [
      `${run.size}: req/s (× ceiling beside it)`,
      'server CPU µs per answer',
      'p95 / p99 ms',
      'body',
    ]),
  ];
  const lines = [head, head.map(() => '---')];
  const routes = runs[0]?.figures.map((figure) => figure.route) ?? [];
  for (const route of routes) {
    const cells = [route];
    for (const run of runs) {
      const ceilings = run.figures.filter((candidate) => candidate.ceiling);
      const mean = ceilings.reduce((sum, one) => sum + one.result.perSecond, 0) / (ceilings.length || 1);
      const figure = run.figures.find((candidate) => candidate.route === route);
      if (!figure) {
        cells.push('–', '–', '–', '–');
        continue;
      }
      const { result } = figure;
      const ratio = ratioToCeiling(figure, figure.ceilingBeside ?? mean);
      const ratioText = Number.isNaN(ratio) ? '–' : fixed(ratio);
      const of = figure.ceilingBeside ? ` of ${int(figure.ceilingBeside)}${spread(figure.ratios)}` : '';
      const failures = result.failures ? `, **${int(result.failures)} failed**` : '';
      const how = figure.sequential ? ', one at a time' : '';
      cells.push(
        `${rate(result.perSecond)} (${ratioText}${of}${how}${failures})`,
        figure.cpuMicros === undefined ? '–' : int(figure.cpuMicros),
        `${ms(result.p95)} / ${ms(result.p99)}`,
        formatBytes(figure.bytes),
      );
    }
    lines.push(cells);
  }
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

export interface CrowdRun {
  label: string;
  learners: number;
  result: LoadResult;
}

export function crowdTable(runs: CrowdRun[]): string {
  const lines = [
    '| Database, size | learners × seconds | requests | req/s | errors | p50 ms | p95 ms | p99 ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { label, learners, result } of runs) {
    lines.push(
      `| ${label} | ${learners} × ${result.seconds.toFixed(0)} | ${int(result.requests)} | ` +
        `${rate(result.perSecond)} | ${int(result.failures)} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.p99)} |`,
    );
  }
  return lines.join('\n');
}

/** The same runs by step of the learner's loop (`stepNames`, in loop order): which step makes the tail. */
export function crowdStepsTable(runs: CrowdRun[], stepNames: readonly string[]): string {
  const lines = [
    `| Database, size | ${stepNames.map((name) => `${name}: p50 / p95 / p99 ms`).join(' | ')} |`,
    `| --- | ${stepNames.map(() => '---').join(' | ')} |`,
  ];
  for (const { label, result } of runs) {
    const cells = result.steps.map((step) => `${ms(step.p50)} / ${ms(step.p95)} / ${ms(step.p99)}`);
    lines.push(`| ${label} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** The commit measured (with "+ changes" when the tree is dirty), machine and load average. */
export function runHeader(): string {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return '';
    }
  };
  const commit = git('rev-parse', '--short=10', 'HEAD') || 'unknown commit';
  const dirty = git('status', '--porcelain') ? ' + uncommitted changes' : '';
  const cpu = cpus();
  return (
    `Commit ${commit}${dirty}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
    `Node ${process.versions.node}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ` +
    `load average ${loadAverage()}`
  );
}

/** Other work on the machine skews every figure; the load average says how much there was. */
export const loadAverage = () =>
  loadavg()
    .map((load) => load.toFixed(1))
    .join(' ');
