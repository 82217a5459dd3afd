// The publish and administration screens of an organization, under
// /app/o/{org}/sites, /app/o/{org}/admin/... and /app/o/{org}/account. The
// app's router hands every such path here (route kind "manage"); each
// screen reads with its one operation (admin/*.graphql, publish/*.graphql).
import { SitePublishScreen } from "../publish/site";
import { SitesScreen } from "../publish/sites";
import { AccountScreen } from "./account";
import { CustomFieldsScreen } from "./fields";
import { MembersScreen } from "./members";
import { SAMLScreen } from "./saml";
import { TeamsScreen } from "./teams";
import { WebhookScreen, WebhooksScreen } from "./webhooks";
import "./manage.css";

const e = encodeURIComponent;

/** The paths of these screens. */
export const managePaths = {
  sites: (org: string) => `/app/o/${e(org)}/sites`,
  site: (org: string, site: string) => `/app/o/${e(org)}/sites/${e(site)}`,
  members: (org: string) => `/app/o/${e(org)}/admin/members`,
  teams: (org: string) => `/app/o/${e(org)}/admin/teams`,
  fields: (org: string) => `/app/o/${e(org)}/admin/custom-fields`,
  webhooks: (org: string) => `/app/o/${e(org)}/admin/webhooks`,
  webhook: (org: string, id: string) => `/app/o/${e(org)}/admin/webhooks/${e(id)}`,
  saml: (org: string) => `/app/o/${e(org)}/admin/saml`,
  account: (org: string) => `/app/o/${e(org)}/account`,
};

/** The part of a path these screens own: /sites..., /admin/..., /account. */
export const managePattern = /^\/app\/o\/([^/]+)\/((?:sites|admin|account)(?:\/[^/]+)*)\/?$/;

/** The administration tabs, for the nav above each admin screen. */
const tabs: ReadonlyArray<[string, (org: string) => string, string]> = [
  ["members", managePaths.members, "Members"],
  ["teams", managePaths.teams, "Teams"],
  ["custom-fields", managePaths.fields, "Custom fields"],
  ["webhooks", managePaths.webhooks, "Webhooks"],
  ["saml", managePaths.saml, "SAML"],
];

export function AdminNav({ org, current }: { org: string; current: string }) {
  return (
    <nav aria-label="Administration" class="tabs">
      <ul>
        {tabs.map(([key, path, text]) => (
          <li key={key}>
            <a href={path(org)} aria-current={key === current ? "page" : undefined}>
              {text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The screen for rest (the path after /app/o/{org}/), or null when none. */
export function ManageScreen({ org, rest }: { org: string; rest: string }) {
  const parts = rest.split("/").map((p) => decodeURIComponent(p));
  switch (parts[0]) {
    case "sites":
      return parts[1] ? <SitePublishScreen org={org} site={parts[1]} /> : <SitesScreen org={org} />;
    case "account":
      return <AccountScreen />;
    case "admin":
      switch (parts[1]) {
        case "members":
        case undefined:
          return <MembersScreen org={org} />;
        case "teams":
          return <TeamsScreen org={org} />;
        case "custom-fields":
          return <CustomFieldsScreen org={org} />;
        case "webhooks":
          return parts[2] ? <WebhookScreen org={org} id={parts[2]} /> : <WebhooksScreen org={org} />;
        case "saml":
          return <SAMLScreen org={org} />;
      }
  }
  return (
    <>
      <h1>Not found</h1>
      <p>There is no such screen.</p>
    </>
  );
}

/** A date and time in the reader's locale (the API answers RFC 3339, UTC). */
export function when(t: string | null | undefined): string {
  if (!t) return "—";
  const d = new Date(t);
  return isNaN(d.getTime()) ? t : d.toLocaleString();
}

/** The roles a member may have; "" is a guest. */
export const roles: ReadonlyArray<readonly [string, string]> = [
  ["", "Guest"],
  ["read", "Read"],
  ["comment", "Comment"],
  ["review", "Review"],
  ["edit", "Edit"],
  ["create", "Create"],
  ["admin", "Admin"],
];
