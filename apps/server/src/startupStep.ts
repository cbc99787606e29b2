/** A start-up failure told in one line that names the setting to look at. */
export class StartupError extends Error {}

/** Why an error happened, in words: a refused connection to several addresses has no message of its own. */
function reasonOf(error: unknown): string {
  const e = error as { message?: string; code?: string; errors?: unknown[] } | undefined;
  if (e?.message) return e.message;
  if (e?.errors?.length) return reasonOf(e.errors[0]);
  return e?.code ?? String(error);
}

/** Runs one step of start-up; a failure becomes `StartupError('<what>: <reason>')`. */
export async function startupStep<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new StartupError(`${what}: ${reasonOf(error)}`.replace(/\s*\n\s*/g, ' '));
  }
}
