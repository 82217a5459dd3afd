// The Folio app's entry: styles, link handling, and the App.
import { render } from "preact";
import { App } from "./app";
import { interceptLinks } from "./lib/router";
import "./styles.css";

interceptLinks();
render(<App />, document.getElementById("app")!);
