/** A detail card's title with its count once known ("Opportunities (3)"); without one while it loads, never "(0)". */
export const titleWithCount = (title: string, count: number | undefined): string => (count === undefined ? title : `${title} (${count})`);
