import { useEffect } from 'react';

/** The product name after the page title in the browser tab. */
export const TAB_TITLE_SUFFIX = 'Pitboss';

/** What the browser tab shows for a page: "Players · Pitboss" (the product name alone without a page title). */
export const tabTitle = (pageTitle: string | null | undefined) => (pageTitle && pageTitle !== TAB_TITLE_SUFFIX ? `${pageTitle} · ${TAB_TITLE_SUFFIX}` : TAB_TITLE_SUFFIX);

/** The browser tab shows the page's title (from the route table), so several open tabs can be told apart. */
export function useDocumentTitle(pageTitle: string | null | undefined) {
  useEffect(() => {
    document.title = tabTitle(pageTitle);
  }, [pageTitle]);
}
