// The Folio app's entry: styles, link handling, and the App.
import { render } from "preact";
import { App } from "./app";
import { interceptLinks } from "./lib/router";
import "./styles.css";

interceptLinks();
// Preact renders beside what the element holds: the page's "Loading
// Folio…" placeholder goes first, or it stays under the app.
const root = document.getElementById("app")!;
root.replaceChildren();
render(<App />, root);
