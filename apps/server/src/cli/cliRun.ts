import { ConfigError } from '../config';

/** Runs a command-line tool: its failure is one line on stderr and exit code 1 (a bad setting names itself). */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

/** A timestamp usable as a folder name: 2026-11-29T01-30-00Z. */
export const folderStamp = (date = new Date()): string => date.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
