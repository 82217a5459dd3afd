// Addresses of the app. Every urls.app address the API answers is one of
// these (graph/model builds them; rest/app's tests check each kind lands
// on a screen), so a link Folio returns always opens here.
import { useEffect, useState } from "preact/hooks";

export type Route =
  | { kind: "start" }
  | { kind: "org"; org: string }
  | { kind: "collection"; org: string; id: string }
  | { kind: "space"; org: string; space: string; page?: string }
  | { kind: "revision"; org: string; space: string; revision: string; page?: string }
  | { kind: "history"; org: string; space: string; revision?: string }
  | { kind: "changeRequest"; org: string; space: string; number: string; page?: string }
  | { kind: "review"; org: string; space: string; number: string }
  | { kind: "edit"; org: string; space: string; number: string; page?: string }
  | { kind: "site"; org: string; site: string; preview: boolean }
  | { kind: "openapi"; org: string; slug: string }
  | { kind: "manage"; org: string; rest: string }
  | { kind: "notFound"; path: string };

const seg = "([^/]+)";
const patterns: ReadonlyArray<[RegExp, (m: string[]) => Route]> = [
  [/^\/app\/?$/, () => ({ kind: "start" })],
  [new RegExp(`^/app/o/${seg}/?$`), (m) => ({ kind: "org", org: m[1]! })],
  [new RegExp(`^/app/o/${seg}/c/${seg}/?$`), (m) => ({ kind: "collection", org: m[1]!, id: m[2]! })],
  [new RegExp(`^/app/o/${seg}/s/${seg}(?:/page/${seg})?/?$`), (m) => ({ kind: "space", org: m[1]!, space: m[2]!, page: m[3] })],
  [
    new RegExp(`^/app/o/${seg}/s/${seg}/revisions/${seg}(?:/page/${seg})?/?$`),
    (m) => ({ kind: "revision", org: m[1]!, space: m[2]!, revision: m[3]!, page: m[4] }),
  ],
  [new RegExp(`^/app/o/${seg}/s/${seg}/history(?:/${seg})?/?$`), (m) => ({ kind: "history", org: m[1]!, space: m[2]!, revision: m[3] })],
  [
    new RegExp(`^/app/o/${seg}/s/${seg}/change-requests/${seg}/edit(?:/page/${seg})?/?$`),
    (m) => ({ kind: "edit", org: m[1]!, space: m[2]!, number: m[3]!, page: m[4] }),
  ],
  [
    new RegExp(`^/app/o/${seg}/s/${seg}/change-requests/${seg}(?:/page/${seg})?/?$`),
    (m) => ({ kind: "changeRequest", org: m[1]!, space: m[2]!, number: m[3]!, page: m[4] }),
  ],
  [new RegExp(`^/app/o/${seg}/s/${seg}/change-requests/${seg}/review/?$`), (m) => ({ kind: "review", org: m[1]!, space: m[2]!, number: m[3]! })],
  [new RegExp(`^/app/o/${seg}/sites/${seg}(/preview)?/?$`), (m) => ({ kind: "site", org: m[1]!, site: m[2]!, preview: !!m[3] })],
  [new RegExp(`^/app/o/${seg}/openapi/${seg}/?$`), (m) => ({ kind: "openapi", org: m[1]!, slug: m[2]! })],
  // Publishing and administration (screens/admin/manage.tsx routes within).
  [new RegExp(`^/app/o/${seg}/((?:sites|admin|account)(?:/[^/]+)*)/?$`), (m) => ({ kind: "manage", org: m[1]!, rest: m[2]! })],
];

export function parse(path: string): Route {
  for (const [re, make] of patterns) {
    const m = re.exec(path);
    if (m) return make(m.map((s) => (s === undefined ? s : decodeURIComponent(s))) as string[]);
  }
  return { kind: "notFound", path };
}

const e = encodeURIComponent;

/** Builders of the app's paths, the same shapes as urls.app. */
export const paths = {
  org: (org: string) => `/app/o/${e(org)}`,
  collection: (org: string, id: string) => `/app/o/${e(org)}/c/${e(id)}`,
  space: (org: string, space: string) => `/app/o/${e(org)}/s/${e(space)}`,
  page: (org: string, space: string, page: string) => `/app/o/${e(org)}/s/${e(space)}/page/${e(page)}`,
  revision: (org: string, space: string, rev: string, page?: string) =>
    `/app/o/${e(org)}/s/${e(space)}/revisions/${e(rev)}` + (page ? `/page/${e(page)}` : ""),
  history: (org: string, space: string, rev?: string) => `/app/o/${e(org)}/s/${e(space)}/history` + (rev ? `/${e(rev)}` : ""),
  changeRequest: (org: string, space: string, n: string | number, page?: string) =>
    `/app/o/${e(org)}/s/${e(space)}/change-requests/${e(String(n))}` + (page ? `/page/${e(page)}` : ""),
  review: (org: string, space: string, n: string | number) => `/app/o/${e(org)}/s/${e(space)}/change-requests/${e(String(n))}/review`,
  edit: (org: string, space: string, n: string | number, page?: string) =>
    `/app/o/${e(org)}/s/${e(space)}/change-requests/${e(String(n))}/edit` + (page ? `/page/${e(page)}` : ""),
  site: (org: string, site: string) => `/app/o/${e(org)}/sites/${e(site)}`,
  openapi: (org: string, slug: string) => `/app/o/${e(org)}/openapi/${e(slug)}`,
};

/**
 * The path of an address the API answered (urls.app): the same origin's
 * path, so that the app navigates to it without a reload.
 */
export function appPath(url: string): string {
  try {
    const u = new URL(url, location.href);
    return u.pathname + u.hash;
  } catch {
    return url;
  }
}

const listeners = new Set<() => void>();

/** Goes to path inside the app (no reload), or replaces the current entry. */
export function navigate(path: string, replace = false) {
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  listeners.forEach((l) => l());
  if (!replace) window.scrollTo(0, 0);
}

/**
 * Takes over clicks on same-origin links under /app (plain left clicks
 * only), so that moving between screens keeps the shell and costs one
 * GraphQL round trip.
 */
export function interceptLinks() {
  document.addEventListener("click", (ev) => {
    if (ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
    const a = (ev.target as Element | null)?.closest?.("a");
    if (!a || a.target || a.hasAttribute("download")) return;
    const u = new URL(a.href, location.href);
    if (u.origin !== location.origin || !u.pathname.startsWith("/app")) return;
    ev.preventDefault();
    navigate(u.pathname + u.search + u.hash);
  });
  window.addEventListener("popstate", () => listeners.forEach((l) => l()));
}

/** The current route; the component re-renders when it changes. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parse(location.pathname));
  useEffect(() => {
    const l = () => setRoute(parse(location.pathname));
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  }, []);
  return route;
}
