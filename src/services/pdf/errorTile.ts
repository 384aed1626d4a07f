/** What a page that could not be drawn shows in its place; the rest of the document reads on. */
export function errorTile(text: string): HTMLDivElement {
  const tile = document.createElement('div');
  tile.className = 'folio-page-error';
  tile.setAttribute('role', 'alert');
  tile.textContent = text;
  return tile;
}
