/**
 * `npm run bench`: the hot API routes' req/s, p95, p99 and body size on this machine, against a bare
 * route of the same server (the ceiling: same plugins and hooks, no database), at demo size on a
 * fresh embedded PGlite and a fresh PostgreSQL database, and with --scale at 1M enrolments.
 * The server is the real app (buildApp, production env, built) on 127.0.0.1; load comes from the
 * bench's own HTTP client in a child process (load-generator.ts, load-job.ts). Each route's ratio is
 * to the bare route measured right before it, and its server CPU per answer is shown (decision 068).
 * Figures only: nothing here asserts a timing. Progress goes to stderr, the markdown report to
 * stdout. Run with --help for the options.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { buildApp, type App } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { loadEnv } from '../env.ts';
import { prepareFixtures, type BenchFixtures } from './bench-data.ts';
import { openBenchDatabase, type BenchDatabase } from './databases.ts';
import { DEMO_SIZE, scaledSize, type DatasetSize } from './dataset-size.ts';
import { LoadClient } from './load-client.ts';
import { loadDataset } from './loader.ts';
import { MAX_REQUESTS, measureRoute, settle, WARMUP_SECONDS, type MeasureOptions } from './measure.ts';
import {
  crowdStepsTable,
  crowdTable,
  loadAverage,
  medianFigure,
  routeTable,
  runHeader,
  type CrowdRun,
  type RouteFigure,
  type SizeRun,
} from './report.ts';
import {
  CEILING_PATH,
  GUARD_PATH,
  hotRoutes,
  LEARNER_LOOP_STEPS,
  learnerLoop,
  type HotRoute,
} from './routes.ts';

const USAGE = `npm run bench [-- options]

  (no option)          demo size (20 courses) on PGlite, and on PostgreSQL when
                       TEST_DATABASE_URL or DATABASE_URL names a server (a fresh database is created there)
  --scale              also 1,000 courses / 100k learners / 1M enrolments on PostgreSQL
  --scale-factor F     scale the --scale dataset by F (e.g. 0.1); implies --scale
  --load               also 200 concurrent learners for 60 s on each database at its largest size
  --load-only          only the --load run, no per-route table
  --learners N         learners in --load (default 200)
  --load-seconds N     length of --load (default 60)
  --instances N        serve PostgreSQL's --load from N instances of the app (in this process, on one
                       database, each learner on one of them, as behind a load balancer; default 1)
  --seconds N          measuring time per route, after a 1 s warm-up (default 5)
  --connections N      concurrent connections per route (default 20)
  --repeat N           measure each route N times, each right after its own ceiling, and show the
                       median ratio with the range of all N (default 1; an odd N has a true median)
  --db pglite|postgres only this database (default: both when a PostgreSQL URL is set)
  --only TEXT          only the routes whose name contains TEXT (and the ceiling), e.g. --only quiz
  --keep               keep the PostgreSQL databases (their names are printed) instead of dropping them
  --accept-encoding E  send accept-encoding: E on every request, as browsers do (e.g. "br, gzip");
                       bodies are still reported uncompressed`;

/** Seconds the bare route is measured right before each route, after the usual warm-up. */
const CEILING_BESIDE_SECONDS = 3;

/** A command line the bench cannot run: said in one line, without a stack. */
class UsageError extends Error {}

const { values: args } = fromCommandLine(() =>
  parseArgs({
    options: {
      scale: { type: 'boolean', default: false },
      'scale-factor': { type: 'string' },
      load: { type: 'boolean', default: false },
      'load-only': { type: 'boolean', default: false },
      learners: { type: 'string', default: '200' },
      'load-seconds': { type: 'string', default: '60' },
      instances: { type: 'string', default: '1' },
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '20' },
      repeat: { type: 'string', default: '1' },
      db: { type: 'string' },
      only: { type: 'string' },
      'accept-encoding': { type: 'string' },
      keep: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }),
);

/** A command line refused (by Node: an unknown option, a missing value; or by us) ends the run in one line. */
function fromCommandLine<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('ERR_PARSE_ARGS')) failed(new UsageError((error as Error).message.split('\n')[0]));
    if (error instanceof UsageError) failed(error);
    throw error;
  }
}

const positive = (name: string, value: string | undefined) => {
  const number = Number(value);
  if (!(number > 0)) throw new UsageError(`--${name} must be a positive number, got ${value}`);
  return number;
};

// Asking for help is answered whatever else the command line holds (a bad number included).
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

/** The command line's numbers, checked before anything starts. */
const numbers = fromCommandLine(() => ({
  learners: positive('learners', args.learners),
  seconds: positive('seconds', args.seconds),
  connections: positive('connections', args.connections),
  loadSeconds: positive('load-seconds', args['load-seconds']),
  instances: Math.floor(positive('instances', args.instances)),
  repeat: Math.floor(positive('repeat', args.repeat)),
  scaleFactor: positive('scale-factor', args['scale-factor'] ?? '1'),
}));

/**
 * Fresh learners for the enrolment route: probe + warm-up + measurement, never one enrolled twice;
 * as many again for each further `--repeat`.
 */
const FRESH_LEARNERS = 20_000;

const log = (line: string) => process.stderr.write(`${line}\n`);

interface Target {
  kind: 'pglite' | 'postgres';
  label: string;
  size: DatasetSize;
  crowd: boolean;
}

/** A size loaded and served: its database, its app listening on 127.0.0.1, its fixtures. */
interface Served {
  target: Target;
  database: BenchDatabase['database'];
  baseUrl: string;
  /** The other instances --load's learners go to besides this app, when `--instances` asks for them. */
  otherUrls: string[];
  fixtures: BenchFixtures;
  loadSeconds: number;
  close(): Promise<void>;
}

async function serve(target: Target, serverUrl: string | undefined): Promise<Served> {
  log(`\n${target.label}, ${sizeLabel(target.size)}: loading…`);
  const opened = await openBenchDatabase(target.kind, { serverUrl, keep: args.keep, log });
  let app: App | undefined;
  const others: { close(): Promise<void> }[] = [];
  const close = async () => {
    // Whatever happened, the database goes: a failed close must not leave it behind.
    const steps = [...others.map((other) => () => other.close()), () => app?.close()];
    for (const step of [...steps, () => opened.database.close(), () => opened.dispose()])
      await Promise.resolve()
        .then(step)
        .catch((error: unknown) => log(`  clean-up: ${String(error)}`));
  };
  try {
    const started = performance.now();
    const report = await loadDataset(opened.database.db, target.size, log);
    const loadSeconds = (performance.now() - started) / 1000;
    log(`  loaded in ${loadSeconds.toFixed(1)} s${report.countersSet ? ' (enrolled_count set)' : ''}`);
    const env = loadEnv({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      JWT_SECRET: randomBytes(32).toString('hex'),
      WEB_DIST: '/nonexistent',
      ...(opened.databaseUrl ? { DATABASE_URL: opened.databaseUrl } : {}),
    });
    app = await buildApp({ env, db: opened.database.db });
    // The ceiling: a route of this same server (all hooks and plugins) that touches no database.
    app.get(CEILING_PATH, () => ({ success: true }));
    // Between the two: only the sign-in guard every learner route runs (token check + session).
    app.get(GUARD_PATH, { onRequest: app.guards.authenticate }, () => ({ success: true }));
    await app.ready();
    const fixtures = await prepareFixtures(app, target.size, {
      fresh: FRESH_LEARNERS * numbers.repeat,
      crowd: numbers.learners,
    });
    const baseUrl = await listening(app);
    const otherUrls: string[] = [];
    // More instances on the same database, each with its own connections and cache listener (decision
    // 019): their writes settle on each other's acknowledgements, as two servers' would.
    if (target.crowd && opened.databaseUrl)
      for (let n = 1; n < numbers.instances; n++) {
        const database = await openDatabase({ url: opened.databaseUrl, dataDir: 'memory://' });
        const other = await buildApp({ env, db: database.db });
        others.push({ close: () => other.close().finally(() => database.close()) });
        otherUrls.push(await listening(other));
      }
    return { target, database: opened.database, baseUrl, otherUrls, fixtures, loadSeconds, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Starts `app` on a free port of 127.0.0.1; answers its address. */
async function listening(app: App): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Every route at every size of one database, route by route: a route at 20 courses and at 1M
 * enrolments is measured minutes apart no more, so the host's own drift (its speed moved 1.24× between
 * phases run one after the other) stays out of the comparison between sizes (decision 071).
 */
async function measureSizes(sizes: Served[], load: LoadClient): Promise<SizeRun[]> {
  const options = {
    seconds: numbers.seconds,
    connections: numbers.connections,
    acceptEncoding: args['accept-encoding'],
    log,
  };
  const only = args.only;
  // The same routes in the same order at every size, each with its own size's fixtures.
  const routesBySize = sizes.map((served) =>
    hotRoutes(served.fixtures).filter((route) => !only || route.ceiling || route.name.includes(only)),
  );
  const runs = sizes.map((served) => ({ size: sizeLabel(served.target.size), figures: [] as RouteFigure[] }));
  for (let index = 0; index < routesBySize[0]!.length; index++) {
    for (const [at, served] of sizes.entries()) {
      const routes = routesBySize[at]!;
      const route = routes[index]!;
      const ceiling = routes.find((each) => each.ceiling)!;
      runs[at]!.figures.push(await measureBeside(load, served, route, ceiling, runs[at]!.size, options));
    }
  }
  return runs;
}

/**
 * One route at one size, right after a run of its ceiling (decision 068), `--repeat` times in
 * alternation (decision 219): the alternation whose ratio is the median, with every ratio. The bare
 * route's own rows (first and last, the drift over the whole run) are measured once.
 */
async function measureBeside(
  load: LoadClient,
  served: Served,
  route: HotRoute,
  ceiling: HotRoute,
  size: string,
  options: MeasureOptions,
): Promise<RouteFigure> {
  const { baseUrl, fixtures } = served;
  const repeats = route.ceiling ? 1 : numbers.repeat;
  // Each alternation enrols its own fresh learners: never one enrolled twice.
  const share = Math.floor(fixtures.freshTokens.length / repeats);
  const figures: RouteFigure[] = [];
  for (let alternation = 0; alternation < repeats; alternation++) {
    const own = {
      ...fixtures,
      freshTokens: fixtures.freshTokens.slice(alternation * share, (alternation + 1) * share),
    };
    const beside = route.ceiling
      ? undefined
      : await measureRoute(load, baseUrl, ceiling, own, { ...options, seconds: CEILING_BESIDE_SECONDS });
    const figure = {
      ...(await measureRoute(load, baseUrl, route, own, options)),
      ceilingBeside: beside?.result.perSecond,
    };
    const { result } = figure;
    log(
      `  ${size}: ${route.name}: ${result.perSecond.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms, ` +
        `p99 ${result.p99.toFixed(1)} ms, ${figure.bytes} B, ${result.failures} failed, ` +
        `server CPU ${figure.cpuMicros?.toFixed(0) ?? '–'} µs per answer` +
        (beside ? ` (ceiling beside it ${beside.result.perSecond.toFixed(0)} req/s)` : ''),
    );
    figures.push(figure);
    await settle(served.database, baseUrl);
  }
  return medianFigure(figures);
}

async function crowdOn(served: Served, load: LoadClient): Promise<CrowdRun> {
  const { target, fixtures, baseUrl, otherUrls } = served;
  const seconds = numbers.loadSeconds;
  const on = otherUrls.length > 0 ? `, ${otherUrls.length + 1} instances` : '';
  log(
    `  ${target.label}, ${sizeLabel(target.size)}${on}: ${fixtures.crowd.length} learners for ${seconds} s…`,
  );
  const result = await load.run({
    baseUrl,
    otherUrls,
    connections: fixtures.crowd.length,
    durationSeconds: seconds,
    maxRequests: MAX_REQUESTS * 5,
    sequences: fixtures.crowd.map(learnerLoop),
    acceptEncoding: args['accept-encoding'],
  });
  log(`  ${result.requests} requests, ${result.failures} failed, p99 ${result.p99.toFixed(0)} ms`);
  // Which answers failed says whether it was the server (5xx), a limit (429) or the client (timeouts).
  if (result.failures)
    log(
      `  answers by status: ${JSON.stringify(result.statuses)}; no answer: ${JSON.stringify(result.errors)}`,
    );
  await settle(served.database, baseUrl);
  return {
    label: `${target.label}, ${sizeLabel(target.size)}${on}`,
    learners: fixtures.crowd.length,
    result,
  };
}

/** "20 courses" for the demo size, else the enrolments ("1M enrolments", "10,000 enrolments"). */
const sizeLabel = (size: DatasetSize) =>
  size === DEMO_SIZE
    ? `${size.courses} courses`
    : size.enrolments % 1_000_000 === 0
      ? `${size.enrolments / 1_000_000}M enrolments`
      : `${size.enrolments.toLocaleString('en-US')} enrolments`;

function targets(serverUrl: string | undefined): Target[] {
  const scale = args.scale || args['scale-factor'] !== undefined;
  const wants = (kind: Target['kind']) => !args.db || args.db === kind;
  if (args.db && args.db !== 'pglite' && args.db !== 'postgres')
    throw new UsageError('--db is pglite or postgres');
  if ((scale || args.db === 'postgres') && !serverUrl)
    throw new UsageError(
      'PostgreSQL runs need TEST_DATABASE_URL or DATABASE_URL (a server where databases may be created)',
    );
  const list: Target[] = [];
  if (wants('pglite')) list.push({ kind: 'pglite', label: 'PGlite', size: DEMO_SIZE, crowd: args.load });
  if (serverUrl && wants('postgres')) {
    list.push({ kind: 'postgres', label: 'PostgreSQL', size: DEMO_SIZE, crowd: args.load && !scale });
    if (scale) {
      const size = scaledSize(numbers.scaleFactor);
      list.push({ kind: 'postgres', label: 'PostgreSQL', size, crowd: args.load });
    }
  }
  if (args['load-only']) return list.filter((target) => target.crowd);
  return list;
}

async function main() {
  if (args['load-only']) args.load = true;
  if (args['accept-encoding'])
    console.log(`Every request sends \`accept-encoding: ${args['accept-encoding']}\`.\n`);
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
  const plan = targets(serverUrl);
  const header = runHeader();
  log(header);
  const load = new LoadClient();
  const byKind = new Map<string, SizeRun[]>();
  const crowds: CrowdRun[] = [];
  const loadTimes: string[] = [];
  try {
    // The sizes of one database are up together and measured route by route (decision 071).
    for (const label of new Set(plan.map((target) => target.label))) {
      const started = performance.now();
      const sizes: Served[] = [];
      try {
        for (const target of plan.filter((each) => each.label === label))
          sizes.push(await serve(target, serverUrl));
        if (!args['load-only']) byKind.set(label, await measureSizes(sizes, load));
        for (const served of sizes) if (served.target.crowd) crowds.push(await crowdOn(served, load));
      } finally {
        for (const served of sizes) await served.close();
      }
      const loaded = sizes.map(
        (served) => `${sizeLabel(served.target.size)} loaded in ${served.loadSeconds.toFixed(0)} s`,
      );
      loadTimes.push(
        `${label}: ${loaded.join(', ')}; ${((performance.now() - started) / 1000).toFixed(0)} s in all`,
      );
    }
  } finally {
    load.close();
  }

  const out: string[] = [
    `Measured on: ${header}; load average after: ${loadAverage()}.`,
    `Per route: ${args.connections} connections, ${WARMUP_SECONDS} s warm-up, ${args.seconds} s measured, ` +
      `right after the bare route (${WARMUP_SECONDS} s warm-up, ${CEILING_BESIDE_SECONDS} s measured)` +
      (numbers.repeat > 1
        ? `, ${numbers.repeat} times (the median ratio shown, with the range of all ${numbers.repeat})`
        : '') +
      `, ` +
      `each route at every size of a database before the next route; ` +
      `the bench's HTTP client in a child process; server CPU per answer is the server process's ` +
      `(PGlite included, PostgreSQL's processes not). Time per database and size (load includes VACUUM ANALYZE): ` +
      `${loadTimes.join('; ')}.`,
  ];
  for (const [label, runs] of byKind) out.push('', `**${label}**`, '', routeTable(runs));
  if (crowds.length) out.push('', crowdTable(crowds), '', crowdStepsTable(crowds, LEARNER_LOOP_STEPS));
  // JavaScript per route is `npm run test:budget`'s (brotli, enforced in CI), not the bench's.
  console.log(`\n${out.join('\n')}`);
}

function failed(error: unknown): never {
  // A wrong command line is told in one line; anything else with its stack.
  console.error(error instanceof UsageError ? `bench: ${error.message} (--help lists the options)` : error);
  process.exit(error instanceof UsageError ? 2 : 1);
}

main().catch(failed);
