/**
 * The print views' pages, loaded through this module: the entry (which the sign-in page loads)
 * then names one small file instead of every file each print page needs.
 */
export const printIndexPage = () => import('../views/print/PrintIndexPage');
export const printDetailPage = () => import('../views/print/PrintDetailPage');
