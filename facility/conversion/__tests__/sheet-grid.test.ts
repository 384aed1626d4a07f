/** A flat ODF sheet's page styles told to print the grid (sheet-grid.ts), whatever they said. */
import { withPrintedGrid } from '../sheet-grid.ts';

const layout = (attributes: string) =>
  `<style:page-layout style:name="Mpm1"><style:page-layout-properties fo:page-width="8.27in"${attributes}/></style:page-layout>`;

test('grid joins what the page style prints, its other attributes untouched', () => {
  const xml = layout(' style:print-orientation="portrait" style:print="charts drawings"');
  expect(withPrintedGrid(xml)).toBe(
    layout(' style:print-orientation="portrait" style:print="charts drawings grid"'),
  );
});

test('a page style that does not say what it prints prints the defaults and the grid', () => {
  expect(withPrintedGrid(layout(''))).toBe(
    layout(' style:print="charts drawings objects zero-values grid"'),
  );
});

test('every page style, and one printing the grid already is left as it is', () => {
  const xml = layout(' style:print="grid"') + layout(' style:print="objects"');
  expect(withPrintedGrid(xml)).toBe(
    layout(' style:print="grid"') + layout(' style:print="objects grid"'),
  );
});

test("a cell's text that reads like a page style is no element: escaped, it is not touched", () => {
  const text = '<text:p>&lt;style:page-layout-properties style:print=""/&gt;</text:p>';
  expect(withPrintedGrid(layout(' style:print="objects"') + text)).toBe(
    layout(' style:print="objects grid"') + text,
  );
});

test('a sheet without a page style is refused, not shown without its grid', () => {
  expect(() => withPrintedGrid('<office:document/>')).toThrow(/no page style/);
});
