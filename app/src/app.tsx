// Routes to screens. Each screen is a component of screens/ with its one
// operation in a .graphql file beside it; the shell wraps every screen of
// an organization.
import { useEffect } from "preact/hooks";
import { Start } from "./gen/operations";
import { Loaded, useQuery } from "./lib/query";
import { navigate, paths, useRoute, type Route } from "./lib/router";
import { Shell } from "./shell/shell";
import { ChangeRequestScreen } from "./screens/changerequest";
import { CollectionScreen } from "./screens/collection";
import { EditorScreen } from "./screens/editor";
import { OrgHome } from "./screens/home";
import { OpenAPIScreen } from "./screens/openapi";
import { ReviewScreen } from "./screens/review";
import { RevisionScreen } from "./screens/revision";
import { HistoryScreen } from "./screens/history";
import { SiteScreen } from "./screens/site";
import { ManageScreen } from "./screens/admin/manage";
import { SitePublishScreen } from "./screens/publish/site";
import { SpaceScreen } from "./screens/space";

/** The document's title for a route (the screen may refine it). */
function title(r: Route): string {
  switch (r.kind) {
    case "changeRequest":
      return `Change request #${r.number} · Folio`;
    case "review":
      return `Review #${r.number} · Folio`;
    case "history":
      return "History · Folio";
    case "edit":
      return `Editing change request #${r.number} · Folio`;
    case "site":
      return "Site · Folio";
    case "manage":
      return r.rest.startsWith("sites") ? "Sites · Folio" : r.rest.startsWith("account") ? "Your account · Folio" : "Administration · Folio";
    case "openapi":
      return `OpenAPI ${r.slug} · Folio`;
    default:
      return "Folio";
  }
}

function Screen({ route }: { route: Route }) {
  switch (route.kind) {
    case "org":
      return <OrgHome org={route.org} />;
    case "collection":
      return <CollectionScreen org={route.org} id={route.id} />;
    case "space":
      return <SpaceScreen org={route.org} space={route.space} page={route.page} />;
    case "revision":
      return <RevisionScreen org={route.org} space={route.space} revision={route.revision} page={route.page} />;
    case "history":
      return <HistoryScreen org={route.org} space={route.space} revision={route.revision} />;
    case "changeRequest":
      return <ChangeRequestScreen org={route.org} space={route.space} number={route.number} page={route.page} />;
    case "review":
      return <ReviewScreen org={route.org} space={route.space} number={route.number} />;
    case "edit":
      return <EditorScreen org={route.org} space={route.space} number={route.number} page={route.page} />;
    case "site":
      return route.preview ? <SiteScreen org={route.org} site={route.site} preview /> : <SitePublishScreen org={route.org} site={route.site} />;
    case "manage":
      return <ManageScreen org={route.org} rest={route.rest} />;
    case "openapi":
      return <OpenAPIScreen org={route.org} slug={route.slug} />;
    default:
      return null;
  }
}

/** /app: straight to the first organization, or say there is none. */
function StartScreen() {
  const q = useQuery(Start, {});
  const first = q.data?.organizations.items[0];
  useEffect(() => {
    if (first) navigate(paths.org(first.id), true);
  }, [first?.id]);
  return (
    <main id="main" class="start">
      <Loaded q={q}>
        {(d) =>
          d.organizations.items.length ? (
            <p role="status">Opening {d.organizations.items[0]!.title}…</p>
          ) : (
            <>
              <h1>Welcome, {d.viewer.displayName}</h1>
              <p>You are not a member of any organization yet. Accept an invitation on your <a href="/account">account page</a>.</p>
            </>
          )
        }
      </Loaded>
    </main>
  );
}

export function App() {
  const route = useRoute();
  useEffect(() => {
    document.title = title(route);
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [route]);
  if (route.kind === "start") return <StartScreen />;
  if (route.kind === "notFound")
    return (
      <main id="main" class="start">
        <h1>Not found</h1>
        <p>
          The app has no page at {route.path}. <a href="/app">Go to the app's start</a>.
        </p>
      </main>
    );
  const current = route.kind === "space" || route.kind === "revision" || route.kind === "history" || route.kind === "changeRequest" || route.kind === "edit" ? route.space : route.kind === "collection" ? route.id : undefined;
  return (
    <Shell org={route.org} current={current}>
      <Screen route={route} />
    </Shell>
  );
}
