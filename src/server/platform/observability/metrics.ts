import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  type MetricObjectWithValues,
  type MetricType,
  type MetricValueWithName,
} from 'prom-client';

/** Upper bounds of the request-duration buckets, in seconds (Prometheus's customary ones). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** The route label of a request no route matched (a 404, a page the web app's fallback answers). */
export const UNMATCHED_ROUTE = 'unmatched';

/** What is read at scrape time: the outbox's backlog (one indexed query) and the database's connections. */
export interface ScrapeSources {
  outbox(): Promise<{ depth: number; oldestAgeSeconds: number }>;
  /** pg's pool counts (total, idle, waiting); the embedded database has one session: `{ total: 1 }`. */
  connections(): Partial<Record<'total' | 'idle' | 'waiting', number>>;
}

interface RouteDurations {
  /** Requests per bucket (not cumulative), the last one for those slower than every bound. */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * Requests counted in plain maps: a lookup and a few additions per request, where prom-client's labelled `inc` and
 * `observe` cost about half a microsecond together (measured), a few per cent of a fast-lane answer. prom-client
 * reads the tallies when scraped.
 */
class RequestTally {
  readonly counts = new Map<string, { method: string; route: string; status: string; count: number }>();
  readonly durations = new Map<string, RouteDurations>();

  add(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    const counted = this.counts.get(key);
    if (counted) counted.count += 1;
    else this.counts.set(key, { method, route, status: String(status), count: 1 });
    let timed = this.durations.get(route);
    if (!timed) {
      timed = { buckets: new Float64Array(DURATION_BUCKETS.length + 1), sum: 0, count: 0 };
      this.durations.set(route, timed);
    }
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket += 1;
    timed.buckets[bucket]! += 1;
    timed.sum += seconds;
    timed.count += 1;
  }
}

type DurationValue = MetricValueWithName<'route'>;

/** A prom-client histogram whose series are the tally's, written out when scraped. */
class TalliedDurations extends Histogram<'route'> {
  constructor(
    private readonly tally: RequestTally,
    registry: Registry,
  ) {
    super({
      name: 'coolrent_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern',
      labelNames: ['route'],
      buckets: [...DURATION_BUCKETS],
      registers: [registry],
    });
  }

  override async get(): Promise<MetricObjectWithValues<DurationValue>> {
    return this.tallied();
  }

  /** What prom-client's registry writes a histogram from (its own histograms answer `get` with it too). */
  async getForPromString(): Promise<MetricObjectWithValues<DurationValue>> {
    return this.tallied();
  }

  private tallied(): MetricObjectWithValues<DurationValue> {
    const name = 'coolrent_http_request_duration_seconds';
    const values: DurationValue[] = [];
    for (const [route, timed] of this.tally.durations) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((bound, index) => {
        cumulative += timed.buckets[index]!;
        // `le` is the bucket's label; prom-client's own labels type knows only the declared ones.
        const labels = { le: bound, route } as DurationValue['labels'];
        values.push({ metricName: `${name}_bucket`, labels, value: cumulative });
      });
      const labels = { le: '+Inf', route } as DurationValue['labels'];
      values.push({ metricName: `${name}_bucket`, labels, value: timed.count });
      values.push({ metricName: `${name}_sum`, labels: { route }, value: timed.sum });
      values.push({ metricName: `${name}_count`, labels: { route }, value: timed.count });
    }
    // prom-client's types declare an enum its code does not have: its metrics name their type as a string.
    const type = 'histogram' as unknown as MetricType;
    const help = 'Time to answer a request, by route pattern';
    return { name, help, type, values, aggregator: 'sum', collect: () => undefined };
  }
}

/**
 * The app's Prometheus series, in a registry of its own (never prom-client's global one: each app built in a test
 * has its own). GET /metrics exposes them (metrics-route.ts).
 */
export class Metrics {
  private readonly registry = new Registry();
  private readonly tally = new RequestTally();
  private readonly outboxDepth: Gauge;
  private readonly outboxOldestAge: Gauge;
  private readonly connections: Gauge<'state'>;
  private readonly sweepRuns: Counter<'sweep'>;
  private readonly sweepFailures: Counter<'sweep'>;
  private readonly webhookEvents: Counter<'type' | 'outcome'>;

  constructor(private readonly sources: ScrapeSources) {
    const registers = [this.registry];
    const tally = this.tally;
    new Counter({
      name: 'coolrent_http_requests_total',
      help: 'Requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
      collect() {
        this.reset();
        for (const { method, route, status, count } of tally.counts.values())
          this.inc({ method, route, status }, count);
      },
    });
    new TalliedDurations(tally, this.registry);
    this.outboxDepth = new Gauge({
      name: 'coolrent_outbox_depth',
      help: 'E-mails queued and not yet sent (pending or being sent)',
      registers,
    });
    this.outboxOldestAge = new Gauge({
      name: 'coolrent_outbox_oldest_age_seconds',
      help: 'Age of the oldest e-mail not yet sent; 0 when none waits',
      registers,
    });
    this.connections = new Gauge({
      name: 'coolrent_db_pool_connections',
      help: "Database connections in this instance's pool, by state (total, idle, waiting clients)",
      labelNames: ['state'],
      registers,
    });
    this.sweepRuns = new Counter({
      name: 'coolrent_scheduled_work_runs_total',
      help: 'Runs of each scheduled sweep',
      labelNames: ['sweep'],
      registers,
    });
    this.sweepFailures = new Counter({
      name: 'coolrent_scheduled_work_failures_total',
      help: 'Failed runs of each scheduled sweep',
      labelNames: ['sweep'],
      registers,
    });
    this.webhookEvents = new Counter({
      name: 'coolrent_webhook_events_total',
      help: "Payment provider webhook events, by type and outcome ('unverified' type: refused before it was read)",
      labelNames: ['type', 'outcome'],
      registers,
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** One answered request; `route` is the route's pattern (never the URL, which would make a series per path). */
  countRequest(method: string, route: string, status: number, seconds: number): void {
    this.tally.add(method, route, status, seconds);
  }

  sweepRan(sweep: string, failed: boolean): void {
    this.sweepRuns.inc({ sweep });
    // Zero until the first failure, so the failures' series exists from the first run on (rate() and alerts).
    this.sweepFailures.inc({ sweep }, failed ? 1 : 0);
  }

  webhookEvent(type: string, outcome: string): void {
    this.webhookEvents.inc({ type, outcome });
  }

  /**
   * The exposition text, with the outbox and the pool read now. An outbox that cannot be read (the database is
   * down) is NaN in this scrape rather than failing it: the request series matter most then.
   */
  async exposition(onOutboxError: (error: unknown) => void): Promise<string> {
    try {
      const outbox = await this.sources.outbox();
      this.outboxDepth.set(outbox.depth);
      this.outboxOldestAge.set(outbox.oldestAgeSeconds);
    } catch (error) {
      this.outboxDepth.set(Number.NaN);
      this.outboxOldestAge.set(Number.NaN);
      onOutboxError(error);
    }
    this.connections.reset();
    for (const [state, value] of Object.entries(this.sources.connections())) this.connections.set({ state }, value);
    return this.registry.metrics();
  }
}
