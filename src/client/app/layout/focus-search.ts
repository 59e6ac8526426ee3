import type { NavigateFunction } from '../../lib/navigation';
import { FOCUS_SEARCH_STATE } from '../../features/search/components/search-box';

/**
 * The Search buttons (header, bottom bar): go to the overview and ask its
 * search box to take focus. The box does so once it is on the page, after
 * the product's delays (100 ms, smooth scroll to the top, then 300 ms), so a
 * slow connection cannot make the focus miss (docs/product.md#constants).
 */
export function focusSearch(navigate: NavigateFunction) {
  void navigate('/', { state: { [FOCUS_SEARCH_STATE]: Date.now() }, replace: window.location.pathname === '/' });
}
