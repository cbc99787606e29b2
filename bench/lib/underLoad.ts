import { startBareHandler } from './benchServers';
import type { EngineBench } from './engineBench';
import { engineAgainstBare, loadLine, type LoadResult } from './httpLoad';

/** The load every "under load" case uses: BENCH_ROUNDS of BENCH_SECONDS per server, BENCH_CONNECTIONS at once. */
export const LOAD = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
  warmUpSeconds: 3,
};

export type LoadCase = { name: string; user: string; url: string };
export type Loaded<C extends LoadCase> = { case: C; engine: LoadResult; bare: LoadResult; ratio: number };

/**
 * Each case's request (a path under /dev-api) through the engine's server against a bare
 * node-postgres handler running every statement the engine ran for it (session, metadata,
 * dictionary and label reads too): the same SQL, so the ratio is the engine's own cost.
 */
export async function casesAgainstBare<C extends LoadCase>(bench: Pick<EngineBench, 'databaseUrl' | 'app' | 'capture'>, cases: C[], tokens: Map<string, string>): Promise<Array<Loaded<C>>> {
  const loaded: Array<Loaded<C>> = [];
  for (const c of cases) {
    const token = tokens.get(c.user)!;
    const statements = await bench.capture.statements(c.url, token);
    const bareServer = await startBareHandler(bench.databaseUrl, statements);
    try {
      console.log(`\nunder load: ${c.name}, ${LOAD.connections} connections (${statements.length} statements)`);
      const { engine, bare } = await engineAgainstBare({ engine: bench.app.url, bare: bareServer.url }, `/dev-api${c.url}`, {
        ...LOAD,
        headers: { authorization: `Bearer ${token}` },
      });
      loaded.push({ case: c, engine, bare, ratio: engine.requestsPerSecond / bare.requestsPerSecond });
    } finally {
      await bareServer.stop();
    }
  }
  return loaded;
}

/**
 * Prints each case under load beside bare SQL, and fails the run (exit code 1) for a ratio under
 * the target's or a request alone over its time.
 */
export function judgeAgainstTarget(loaded: Array<Loaded<LoadCase>>, timed: Array<{ case: { name: string }; engineMs: number }>, target: { ratio: number; aloneMs: number }): void {
  console.log('');
  for (const l of loaded) console.log(`${l.case.name}\n${loadLine('engine', l.engine)}\n${loadLine('bare SQL', l.bare)}\nratio ${l.ratio.toFixed(2)}`);
  const misses = [
    ...loaded.filter((l) => l.ratio < target.ratio).map((l) => `${l.case.name}: ratio ${l.ratio.toFixed(2)} < ${target.ratio}`),
    ...timed.filter((t) => t.engineMs > target.aloneMs).map((t) => `${t.case.name} ${t.engineMs.toFixed(1)} ms > ${target.aloneMs} ms`),
  ];
  if (misses.length) {
    console.log(`\nmissed: ${misses.join('; ')}`);
    process.exitCode = 1;
  }
}
