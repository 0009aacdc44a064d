/**
 * jsdom lays nothing out, so dnd-kit's keyboard sensor sees every row at (0, 0). This gives each
 * sortable row (`data-sort-index`) a 60 px tall box, stacked, for the test's duration.
 */
export function stackSortableRows(): () => void {
  const original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function rect(this: Element) {
    const row = this.closest('[data-sort-index]');
    const index = row ? Number(row.getAttribute('data-sort-index')) : 0;
    const top = index * 60;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 50, width: 300, height: 50, toJSON: () => ({}) } as DOMRect;
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}
