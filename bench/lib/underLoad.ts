import { startBareHandler } from './benchServers';
import type { EngineBench } from './engineBench';
import { engineAgainstBare, type LoadResult } from './httpLoad';

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
