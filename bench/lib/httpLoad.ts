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
