/** A PostgreSQL URL without its password, and the password apart (for PGPASSWORD: never in a process list or a log). */
export function connectionOf(databaseUrl: string): { url: string; password: string | undefined } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  return { url: url.toString(), password };
}

/** Where a database is, for messages: host and database name, never the credentials. */
export const databaseLabel = (databaseUrl: string): string => {
  const url = new URL(databaseUrl);
  return `${url.host}${url.pathname}`;
};
