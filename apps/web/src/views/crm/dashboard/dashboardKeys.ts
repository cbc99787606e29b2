/** Query keys of the dashboards (the page, its preload, and whatever adds to or changes them). */
export const dashboardsKey = ['dashboards'] as const;
/** Every dashboard's data, for invalidation after a change to a dashboard or a report. */
export const everyDashboardData = ['dashboard-data'] as const;
/** One dashboard's data under a filter; the filter is empty when the page opens. */
export const dashboardDataKey = (id: number | null, filter: object = {}) => [...everyDashboardData, id, filter] as const;
