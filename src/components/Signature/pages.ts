/** Where a pointer is on a page's element, for the signature layer. */
/** A client point as fractions of a page element's content box (the painted page). */
export function clientToFraction(div: HTMLElement, x: number, y: number): [number, number] {
  const rect = div.getBoundingClientRect();
  return [
    (x - rect.left - div.clientLeft) / div.clientWidth,
    (y - rect.top - div.clientTop) / div.clientHeight,
  ];
}
