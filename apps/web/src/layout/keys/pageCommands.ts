import { useEffect, useRef } from 'react';
import { useCurrentPage } from '../PageContext';
import type { PageCommand } from './keymap';

/**
 * What the open pages offer to the keyboard and the palette (`n` → the list's "New"). Pages stay
 * mounted in background tabs, so each registration names its page; the active page's runs.
 */
type Registration = { page: string; command: PageCommand; run: () => void };
const registrations = new Set<Registration>();
/** A command asked for a page that is still loading (the palette's "New lead" opens the list first). */
let waiting: { page: string; command: PageCommand; until: number } | null = null;
const WAIT_MS = 15_000;

const latest = (page: string, command: PageCommand) => [...registrations].reverse().find((r) => r.page === page && r.command === command);

/** Runs the page's command; false when that page offers none (now). */
export function runPageCommand(page: string, command: PageCommand): boolean {
  const registration = latest(page, command);
  registration?.run();
  return !!registration;
}

/** Runs the page's command now, or once the page registers it (it is being opened). */
export function requestPageCommand(page: string, command: PageCommand): void {
  waiting = null;
  if (!runPageCommand(page, command)) waiting = { page, command, until: Date.now() + WAIT_MS };
}

/** The page (a menu entry's path) offers `command` while mounted; null: not (now), e.g. without the permission. */
export function usePageCommand(command: PageCommand, run: (() => void) | null): void {
  const current = useCurrentPage()?.fullPath;
  const page = run ? current : undefined;
  const latestRun = useRef(run);
  useEffect(() => {
    latestRun.current = run;
  });
  useEffect(() => {
    if (!page) return;
    const registration: Registration = { page, command, run: () => latestRun.current?.() };
    registrations.add(registration);
    if (waiting && waiting.page === page && waiting.command === command) {
      const due = waiting.until >= Date.now();
      waiting = null;
      if (due) registration.run();
    }
    return () => void registrations.delete(registration);
  }, [page, command]);
}
