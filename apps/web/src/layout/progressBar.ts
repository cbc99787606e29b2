import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// The bar is only a visual hint of navigation in progress, so it is hidden from assistive
// technology (the default template's role="bar" is no ARIA role). NProgress finds its bar by
// `barSelector`, which must follow the template (the default looks for that role).
NProgress.configure({ showSpinner: false, barSelector: '.bar', template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>' });

/** The thin bar at the top of the page while a route loads. */
export const progressBar = { start: () => NProgress.start(), done: () => NProgress.done() };
