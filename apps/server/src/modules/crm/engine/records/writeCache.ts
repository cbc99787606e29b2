/**
 * What the writes of one batch (an import's batch: one transaction, or one step of its dry run)
 * would otherwise ask the database again for every record: a dictionary's values, whether an owner
 * is active, the owner's department, whether a looked-up record is within reach. Made afresh for
 * each batch, so an answer is at most one batch old — the same as a form saved a moment earlier.
 */
export type WriteCache = {
  /** `load`'s answer for `key`, asked once; `keep` false: an answer not to remember (asked again next time). */
  remember<T>(key: string, load: () => Promise<T>, keep?: (answer: T) => boolean): Promise<T>;
};

export function createWriteCache(): WriteCache {
  const answers = new Map<string, Promise<unknown>>();
  return {
    remember<T>(key: string, load: () => Promise<T>, keep: (answer: T) => boolean = () => true): Promise<T> {
      const known = answers.get(key) as Promise<T> | undefined;
      if (known) return known;
      const asked = load().then((answer) => {
        if (!keep(answer)) answers.delete(key);
        return answer;
      });
      // A failed question is asked again (its transaction rolled back; the next one may answer).
      asked.catch(() => answers.delete(key));
      answers.set(key, asked);
      return asked;
    },
  };
}

/** No cache: every question goes to the database (a form's single write). */
export const NO_CACHE: WriteCache = { remember: (_key, load) => load() };
