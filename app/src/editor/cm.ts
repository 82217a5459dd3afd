// CodeMirror 6 for markdown: loaded with import() when the editor opens,
// so it is a chunk of its own and never part of the first load.
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { markdown } from "@codemirror/lang-markdown";
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { tags } from "@lezer/highlight";
import { EditorState } from "@codemirror/state";
import { EditorView, drawSelection, keymap, placeholder } from "@codemirror/view";

export interface MarkdownEditor {
  /** Replaces the selection with text (at the cursor when nothing is selected). */
  insert(text: string): void;
  /** Replaces the whole document (a reload), keeping the editor. */
  set(doc: string): void;
  focus(): void;
  destroy(): void;
}

// Markdown's marks in the app's colours (custom properties with a light
// and a dark set, each meeting WCAG AA on the page's background).
const markdownStyle = HighlightStyle.define([
  { tag: tags.heading, fontWeight: "bold" },
  { tag: tags.emphasis, fontStyle: "italic" },
  { tag: tags.strong, fontWeight: "bold" },
  { tag: tags.strikethrough, textDecoration: "line-through" },
  { tag: [tags.link, tags.url], color: "var(--accent)" },
  { tag: [tags.monospace, tags.labelName, tags.meta, tags.processingInstruction, tags.contentSeparator], color: "var(--ok)" },
  { tag: tags.quote, color: "var(--muted)" },
]);

// The page's CSP allows inline <style> only with the nonce the server put
// on this meta element (a new one per response); CodeMirror writes its
// theme into such a <style>, so it is given the nonce. Browsers hide the
// nonce attribute from the DOM; the nonce property keeps it.
const nonce = (document.querySelector('meta[property="csp-nonce"]') as HTMLMetaElement | null)?.nonce ?? "";

export function createEditor(
  parent: HTMLElement,
  doc: string,
  opts: { label: string; onChange: (doc: string) => void; onFiles: (files: File[]) => void; onSave: () => void },
): MarkdownEditor {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        EditorView.cspNonce.of(nonce),
        history(),
        drawSelection(),
        markdown(),
        syntaxHighlighting(markdownStyle),
        EditorView.lineWrapping,
        placeholder("Write in markdown…"),
        EditorView.contentAttributes.of({ "aria-label": opts.label }),
        keymap.of([
          {
            key: "Mod-s",
            preventDefault: true,
            run: () => {
              opts.onSave();
              return true;
            },
          },
          ...defaultKeymap,
          ...historyKeymap,
          // Tab indents; Escape then Tab leaves the editor (CodeMirror's
          // own way out for keyboard users).
          indentWithTab,
        ]),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) opts.onChange(u.state.doc.toString());
        }),
        EditorView.domEventHandlers({
          drop: (ev, v) => {
            const files = Array.from(ev.dataTransfer?.files ?? []);
            if (!files.length) return false;
            ev.preventDefault();
            const pos = v.posAtCoords({ x: ev.clientX, y: ev.clientY });
            if (pos != null) v.dispatch({ selection: { anchor: pos } });
            opts.onFiles(files);
            return true;
          },
          paste: (ev) => {
            const files = Array.from(ev.clipboardData?.files ?? []);
            if (!files.length) return false;
            ev.preventDefault();
            opts.onFiles(files);
            return true;
          },
        }),
      ],
    }),
  });
  return {
    insert(text) {
      view.dispatch(view.state.replaceSelection(text));
      view.focus();
    },
    set(doc) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: doc } });
    },
    focus() {
      view.focus();
    },
    destroy() {
      view.destroy();
    },
  };
}
