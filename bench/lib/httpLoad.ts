/**
 * Load on an HTTP endpoint: a fixed number of keep-alive connections, each sending its next
 * request as soon as the last is answered, for a fixed time (autocannon). Any error or non-2xx
 * answer fails the benchmark: a fast error is no result.
 */
import autocannon from 'autocannon';

export type LoadResult = { requestsPerSecond: number; p50: number; p99: number; requests: number; seconds: number };

export async function load(url: string, options: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  // A slow answer is a result (its latency counts), not an error: on two shared cores a deep queue of
  // heavy requests can take longer than autocannon's default 10 s time-out.
  const result = await autocannon({ url, connections: options.connections, duration: options.seconds, headers: options.headers, timeout: 60 });
  if (result.errors || result.non2xx || result.timeouts) {
    throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers under load`);
  }
  return { requestsPerSecond: result.requests.total / result.duration, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, seconds: result.duration };
}

/** Several runs as one: requests per second over all of them, latencies the median of theirs. */
export function combine(runs: LoadResult[]): LoadResult {
  const median = (pick: (r: LoadResult) => number) => runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  const requests = runs.reduce((sum, r) => sum + r.requests, 0);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  return { requestsPerSecond: requests / seconds, p50: median((r) => r.p50), p99: median((r) => r.p99), requests, seconds };
}

/** One line of a load result for the console and the reports. */
export const loadLine = (name: string, r: LoadResult) =>
  `${name.padEnd(12)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   (${r.requests} requests)`;

/**
 * The engine's server against the bare handler under the same load (`path` under each one's
 * origin): a warm-up of each, then `rounds` rounds of `seconds` each, in alternating order, so
 * that a change of the machine's load (other processes share its cores) weighs on both alike.
 */
export async function engineAgainstBare(
  servers: { engine: string; bare: string },
  path: string,
  options: { connections: number; headers?: Record<string, string>; warmUpSeconds: number; rounds: number; seconds: number },
): Promise<{ engine: LoadResult; bare: LoadResult }> {
  const run = (base: string, seconds: number) => load(`${base}${path}`, { connections: options.connections, seconds, headers: options.headers });
  await run(servers.engine, options.warmUpSeconds);
  await run(servers.bare, options.warmUpSeconds);
  const rounds: Array<{ engine: LoadResult; bare: LoadResult }> = [];
  for (let round = 0; round < options.rounds; round++) {
    const first = round % 2 === 0 ? servers.engine : servers.bare;
    const second = first === servers.engine ? servers.bare : servers.engine;
    const results = new Map([[first, await run(first, options.seconds)], [second, await run(second, options.seconds)]]);
    rounds.push({ engine: results.get(servers.engine)!, bare: results.get(servers.bare)! });
    console.log(`round ${round + 1}\n${loadLine('engine', rounds[round]!.engine)}\n${loadLine('bare SQL', rounds[round]!.bare)}`);
  }
  return { engine: combine(rounds.map((r) => r.engine)), bare: combine(rounds.map((r) => r.bare)) };
}
