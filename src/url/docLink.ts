/**
 * The query of a link to another document of the same viewer (an archive's entry, the listing it
 * came from): `?doc=` replaced, the rest of the query (`lang`) kept, no hash (the new document
 * starts at its beginning). The signed token is never in it: it stays in memory
 * (services/facilityAuth.ts), and the facility takes an archive's token for its entries.
 */
export function searchWithDoc(search: string, id: string): string {
  const query = new URLSearchParams(search);
  query.delete('token');
  query.set('doc', id);
  return `?${query.toString()}`;
}
