const MEASURE_ROW = '.ant-table-measure-row';

/**
 * antd tables render a hidden (aria-hidden) copy of their header row to measure column widths,
 * and the copy keeps the header's focusable "select all" checkbox: keyboard users could tab into
 * an invisible control, and axe reports "focusable content inside aria-hidden" on every list.
 * Marking those rows `inert` takes their content out of the focus order; one observer for the
 * whole app instead of a wrapper around each table.
 */
export function installInertMeasureRows(root: Node = document.body): MutationObserver {
  const mark = (node: Node) => {
    if (!(node instanceof Element)) return;
    if (node.matches(MEASURE_ROW)) node.setAttribute('inert', '');
    node.querySelectorAll(MEASURE_ROW).forEach((row) => row.setAttribute('inert', ''));
  };
  const observer = new MutationObserver((mutations) => mutations.forEach((m) => m.addedNodes.forEach(mark)));
  observer.observe(root, { childList: true, subtree: true });
  mark(root);
  return observer;
}
