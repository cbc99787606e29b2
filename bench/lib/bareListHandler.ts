/**
 * The bare handler the leads benchmark compares the engine with: a plain `http` server that runs,
 * for every request, the count and page statements the engine ran for the same request (caught by
 * sqlCapture.ts, passed in BARE_STATEMENTS) through its own pg.Pool — the size of the app's — and
 * answers them as JSON. No framework, no session, no metadata: what the list costs in SQL alone.
 *
 * Given a list of statements instead (a board's totals and cards), it runs them all and answers
 * their rows as `data`.
 *
 *   DATABASE_URL  PORT  BARE_STATEMENTS (JSON of ListStatements, or of Statement[])
 */
import http from 'node:http';
import pg from 'pg';
import type { ListStatements, Statement } from './sqlCapture';

const statements = JSON.parse(process.env.BARE_STATEMENTS!) as ListStatements | Statement[];
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const server = http.createServer((_request, response) => {
  if (Array.isArray(statements)) {
    Promise.all(statements.map((s) => pool.query(s.text, s.values)))
      .then((results) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ code: 200, data: results.map((r) => r.rows) }));
      })
      .catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ code: 500, msg: String(error) }));
      });
    return;
  }
  Promise.all([pool.query(statements.count.text, statements.count.values), pool.query(statements.page.text, statements.page.values)])
    .then(([count, page]) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 200, total: Number(count.rows[0].count), rows: page.rows }));
    })
    .catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 500, msg: String(error) }));
    });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
