import { createStore } from './createStore';

/**
 * The server's calendar day, from the last records answer (its Business-Day header): what "today"
 * and "overdue" mean in the server's views. Null until the first answer.
 */
export const businessDay = createStore<string | null>(null);
