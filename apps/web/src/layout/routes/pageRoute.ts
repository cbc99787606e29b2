import type { LoaderFunctionArgs } from 'react-router';
import { requireSession } from '../../app/guards';
import { menuModelOf } from './useMenuModel';
import { resolvePath } from './resolvePath';
import { loadView } from './views';

/**
 * The run-time routes: every path under the signed-in layout comes here. The loader loads the
 * page's module before the navigation completes (so the progress bar covers it); the layout's
 * PageHost then renders the page, keeping visited ones alive.
 */
export async function loader(args: LoaderFunctionArgs): Promise<null> {
  const session = await requireSession(args);
  const resolution = resolvePath(new URL(args.request.url).pathname, menuModelOf(session));
  if (resolution.kind === 'page') await loadView(resolution.page.component).catch(() => undefined);
  return null;
}

export function Component() {
  return null;
}
