import type { TFunction } from 'i18next';
import type { ContrastProblem } from '@orbit/shared/palette';

/** A contrast problem in the reader's language, its two colours named (the server's own message). */
export const paletteProblemText = (t: TFunction, problem: ContrastProblem): string =>
  t(`server.${problem.key}`, { ...problem.params, foreground: t(`server.${problem.params.foreground}`), surface: t(`server.${problem.params.surface}`) });
