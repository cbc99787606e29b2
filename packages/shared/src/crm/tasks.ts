/**
 * What the task module's own behaviour keys on (the dictionary `crm_task_status` holds the labels):
 * a task with this status is done, has a completion time, is never overdue and reminds no one.
 */
export const TASK_COMPLETED = 'completed';

/** The status a reopened task goes back to when it is reopened from a list (the field's default). */
export const TASK_REOPENED = 'not_started';

/** A conversion's follow-up task is due this many days after the conversion, so that it reaches the bell. */
export const CONVERSION_TASK_DUE_DAYS = 2;
