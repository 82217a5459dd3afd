// Unsaved edits survive a reload: each page's draft (title and markdown,
// with the change request revision it was made on) is kept in this
// browser's localStorage until it is saved or discarded.
export interface Draft {
  title: string;
  markdown: string;
  /** The change request's revision the draft started from. */
  base: string;
}

const key = (space: string, cr: string, page: string) => `folio.draft.${space}.${cr}.${page}`;

export function loadDraft(space: string, cr: string, page: string): Draft | null {
  try {
    const v = JSON.parse(localStorage.getItem(key(space, cr, page)) ?? "null");
    return v && typeof v.markdown === "string" && typeof v.title === "string" ? v : null;
  } catch {
    return null;
  }
}

export function saveDraft(space: string, cr: string, page: string, d: Draft) {
  try {
    localStorage.setItem(key(space, cr, page), JSON.stringify(d));
  } catch {
    // A full storage keeps the edit in memory only.
  }
}

export function dropDraft(space: string, cr: string, page: string) {
  try {
    localStorage.removeItem(key(space, cr, page));
  } catch {
    // nothing kept
  }
}
