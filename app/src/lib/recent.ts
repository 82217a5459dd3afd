// Recent spaces: kept in this browser only (localStorage), per organization.
export interface RecentSpace {
  readonly id: string;
  readonly title: string;
  readonly emoji: string;
}

const key = (org: string) => `folio.recent.${org}`;

export function recentSpaces(org: string): RecentSpace[] {
  try {
    const v = JSON.parse(localStorage.getItem(key(org)) ?? "[]");
    return Array.isArray(v) ? v.filter((s) => s && typeof s.id === "string").slice(0, 5) : [];
  } catch {
    return [];
  }
}

export function rememberSpace(org: string, s: RecentSpace) {
  const list = [s, ...recentSpaces(org).filter((r) => r.id !== s.id)].slice(0, 5);
  try {
    localStorage.setItem(key(org), JSON.stringify(list));
  } catch {
    // A full or disabled storage only loses the list.
  }
}
