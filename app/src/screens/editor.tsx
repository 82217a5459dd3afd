// Write: a change request's pages in an editor. The tree adds, moves (drag,
// or the Move controls by keyboard) and deletes pages; the page editor is
// CodeMirror (markdown, loaded on demand) with a live preview in the
// published site's renderer, images and files by drag-and-drop or paste,
// links to other pages by title. Save is explicit (button or Ctrl-S) and
// sends only what changed, guarded by the revision the editor read: when
// someone else saved meanwhile the API answers PRECONDITION naming the
// changed pages, and the editor says so and offers to reload, never
// overwriting silently. Unsaved text is kept in localStorage.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { EditContent, EditorScreen as EditorOp, RenderPreview, UpdateChangeRequest, type ContentChangeInput, type EditorScreenResult } from "../gen/operations";
import { ApiForm, Field, useAction, useForm } from "../lib/apiform";
import { dropDraft, loadDraft, saveDraft } from "../lib/draft";
import { FieldError } from "../lib/form";
import { OperationError, run } from "../lib/graphql";
import { ErrorNotice, Loaded, useQuery } from "../lib/query";
import { navigate, paths } from "../lib/router";
import type { MarkdownEditor } from "../editor/cm";
import type { TreePage } from "./pagetree";

type CR = NonNullable<NonNullable<EditorScreenResult["space"]>["changeRequest"]>;
type Loaded = NonNullable<CR["content"]["page"]>;

/** A page of the tree with where it sits. */
interface Flat {
  id: string;
  title: string;
  type: string;
  parent: string | null;
  index: number;
  depth: number;
  siblings: number;
}

function flatten(pages: ReadonlyArray<TreePage>, parent: string | null = null, depth = 0, out: Flat[] = []): Flat[] {
  pages.forEach((p, index) => {
    out.push({ id: p.id, title: p.title, type: p.type, parent, index, depth, siblings: pages.length });
    if (p.pages) flatten(p.pages, p.id, depth + 1, out);
  });
  return out;
}

/** An API error as words, whatever was thrown. */
function asError(e: unknown): OperationError {
  return e instanceof OperationError ? e : new OperationError([{ message: String(e) }]);
}

interface Changed {
  id: string;
  title: string;
  change: string;
}

export function EditorScreen({ org, space, number, page }: { org: string; space: string; number: string; page?: string }) {
  const q = useQuery(EditorOp, { space, number, page: page ?? "", withPage: !!page });
  // The head the next edit is made on: what was read, then each save's.
  const [base, setBase] = useState<string | null>(null);
  const [treeError, setTreeError] = useState<OperationError | null>(null);
  const [busy, setBusy] = useState(false);
  const cr = q.data?.space?.changeRequest;
  useEffect(() => {
    if (cr) setBase(cr.revision);
  }, [cr?.revision]);
  const flat = useMemo(() => (cr ? flatten(cr.content.pages) : []), [cr]);

  /** Sends changes guarded by base; answers the new head's outcome. */
  const edit = async (changes: ContentChangeInput[]) => {
    const d = await run(EditContent, { space, cr: number, input: { changes, baseRevision: base } });
    setBase(d.updateChangeRequestContent.changeRequest.revision);
    return d.updateChangeRequestContent;
  };
  const treeEdit = async (changes: ContentChangeInput[], then?: (out: Awaited<ReturnType<typeof edit>>) => void) => {
    setBusy(true);
    try {
      const out = await edit(changes);
      setTreeError(null);
      then?.(out);
      await q.reload();
    } catch (e) {
      setTreeError(asError(e));
    } finally {
      setBusy(false);
    }
  };
  // A new page gets its title at once (the form above the tree), so its
  // slug (its address on the site) is made from that title, as a script
  // inserting the page with its title gets; renaming later keeps the slug.
  const [newTitle, setNewTitle] = useState("");
  const addPage = (into: string | null, title = "Untitled") =>
    treeEdit([{ operation: "insert_page", ref: "new", title, into, document: { markdown: "" } }], (out) => {
      setNewTitle("");
      const created = out.changes.find((c) => c.ref === "new")?.page as { id?: string } | undefined;
      if (created?.id) navigate(paths.edit(org, space, number, created.id));
    });
  const move = (id: string, into: string | null, at: number) => treeEdit([{ operation: "update_page", page: id, into, at }]);
  const remove = (p: Flat) => {
    if (!confirm(`Delete “${p.title}” and its subpages from this change request?`)) return;
    treeEdit([{ operation: "delete_page", page: p.id }], () => {
      dropDraft(space, number, p.id);
      if (page === p.id) navigate(paths.edit(org, space, number), true);
    });
  };

  return (
    <Loaded q={q}>
      {(d) => {
        const sp = d.space;
        const c = sp?.changeRequest;
        if (!sp || !c) return <h1>No such change request</h1>;
        const current = flat.find((p) => p.id === page);
        return (
          <div class="editor-screen">
            <p class="crumb">
              <a href={paths.space(org, space)}>{sp.title}</a> · <a href={paths.changeRequest(org, space, c.number)}>change request #{c.number}</a>
            </p>
            <h1>Editing: {c.subject || "Untitled change request"}</h1>
            {!sp.permissions.edit && <p class="notice error">You may read this change request but not edit it.</p>}
            {sp.permissions.edit && <ChangeRequestForm key={c.id} space={space} cr={c} reload={q.reload} />}
            <div class="editor-layout">
              <section class="edit-tree" aria-labelledby="edit-tree-h">
                <h2 id="edit-tree-h">Pages</h2>
                <EditTree pages={c.content.pages} flat={flat} current={page} href={(id) => paths.edit(org, space, number, id)} onMove={move} />
                <form
                  class="add-page"
                  onSubmit={(e) => {
                    e.preventDefault();
                    addPage(null, newTitle.trim() || "Untitled");
                  }}
                >
                  <label for="new-page-title">New page's title</label>
                  <input id="new-page-title" value={newTitle} maxLength={256} onInput={(e) => setNewTitle((e.target as HTMLInputElement).value)} />
                  <button type="submit" disabled={busy || !sp.permissions.edit}>
                    Add page
                  </button>
                </form>
                <ErrorNotice error={treeError} />
              </section>
              {page && c.content.page && current ? (
                <PageEditor
                  key={page}
                  space={space}
                  number={number}
                  cr={c}
                  page={c.content.page}
                  flat={flat}
                  here={current}
                  base={base ?? c.revision}
                  edit={edit}
                  reload={q.reload}
                  busy={busy}
                  onMove={move}
                  onAddChild={() => addPage(page)}
                  onDelete={() => remove(current)}
                  linkTo={(id) => `/pages/${id}`}
                />
              ) : (
                <p class="muted">{flat.length ? "Choose a page to edit, or add one." : "No pages yet: add the first one."}</p>
              )}
            </div>
          </div>
        );
      }}
    </Loaded>
  );
}

/** The change request's subject, and its status: a draft is made ready for review here. */
function ChangeRequestForm({ space, cr, reload }: { space: string; cr: CR; reload: () => Promise<void> }) {
  const form = useForm({
    id: "cr",
    initial: { subject: cr.subject },
    submit: async (v) => {
      await run(UpdateChangeRequest, { space, number: String(cr.number), input: { subject: v.subject } });
      await reload();
      return "Saved.";
    },
  });
  const ready = useAction();
  return (
    <div class="cr-form">
      <ApiForm form={form} submit="Save subject" label="Change request">
        <Field form={form} name="subject" label="Subject of the change request" hint="What it changes, at most 100 characters." />
      </ApiForm>
      <p>
        Status: <span class={"badge " + cr.status}>{cr.status}</span>{" "}
        {cr.status === "draft" && (
          <button type="button" class="ready" disabled={ready.busy} onClick={() => ready.run(async () => {
            await run(UpdateChangeRequest, { space, number: String(cr.number), input: { status: "open" } });
            await reload();
          })}>
            Ready for review
          </button>
        )}
      </p>
      <ErrorNotice error={ready.error} />
    </div>
  );
}

/** The tree of the change request's pages; drag a page onto another to put it before that one. */
function EditTree({ pages, flat, current, href, onMove }: { pages: ReadonlyArray<TreePage>; flat: Flat[]; current?: string; href: (id: string) => string; onMove: (id: string, into: string | null, at: number) => void }) {
  const [dragging, setDragging] = useState<string | null>(null);
  const level = (ps: ReadonlyArray<TreePage>) => (
    <ul>
      {ps.map((p) => {
        const f = flat.find((x) => x.id === p.id)!;
        return (
          <li
            key={p.id}
            draggable
            onDragStart={(e) => {
              e.stopPropagation();
              setDragging(p.id);
              e.dataTransfer?.setData("text/plain", p.id);
            }}
            onDragOver={(e) => {
              if (dragging && dragging !== p.id) e.preventDefault();
            }}
            onDrop={(e) => {
              e.preventDefault();
              e.stopPropagation();
              const id = dragging ?? e.dataTransfer?.getData("text/plain");
              setDragging(null);
              if (id && id !== p.id) onMove(id, f.parent, f.index);
            }}
            class={dragging === p.id ? "dragging" : undefined}
          >
            <a href={href(p.id)} aria-current={current === p.id ? "page" : undefined}>
              {p.title || "Untitled"}
            </a>
            {p.pages && p.pages.length > 0 && level(p.pages)}
          </li>
        );
      })}
    </ul>
  );
  return <nav aria-label="Pages of this change request" class="pages">{level(pages)}</nav>;
}

interface EditorProps {
  space: string;
  number: string;
  cr: CR;
  page: Loaded;
  flat: Flat[];
  here: Flat;
  base: string;
  edit: (changes: ContentChangeInput[]) => Promise<{ insertedFiles: ReadonlyArray<{ id: string; name: string; contentType: string }> }>;
  reload: () => Promise<void>;
  busy: boolean;
  onMove: (id: string, into: string | null, at: number) => void;
  onAddChild: () => void;
  onDelete: () => void;
  linkTo: (id: string) => string;
}

function PageEditor(props: EditorProps) {
  const { space, number, page, flat, here } = props;
  const server = { title: page.title, markdown: page.markdown ?? "" };
  const draft = loadDraft(space, number, page.id);
  const [title, setTitle] = useState(draft?.title ?? server.title);
  const [text, setText] = useState(draft?.markdown ?? server.markdown);
  const [saved, setSaved] = useState(server);
  const [restored, setRestored] = useState(!!draft && (draft.title !== server.title || draft.markdown !== server.markdown));
  const [error, setError] = useState<OperationError | null>(null);
  const [conflict, setConflict] = useState<{ pages: Changed[]; revision: string; mine: string } | null>(null);
  const [status, setStatus] = useState("");
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<string>("");
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [linking, setLinking] = useState(false);
  const holder = useRef<HTMLDivElement>(null);
  const editor = useRef<MarkdownEditor | null>(null);
  const latest = useRef({ title, text });
  latest.current = { title, text };
  const baseRef = useRef(props.base);
  baseRef.current = props.base;
  const dirty = title !== saved.title || text !== saved.markdown;

  // The draft follows every keystroke.
  useEffect(() => {
    if (dirty) saveDraft(space, number, page.id, { title, markdown: text, base: props.base });
    else dropDraft(space, number, page.id);
  }, [title, text, saved]);

  // The live preview: renderMarkdown after a pause in typing.
  useEffect(() => {
    const ctl = new AbortController();
    const t = setTimeout(async () => {
      try {
        const d = await run(RenderPreview, { markdown: text, space }, ctl.signal);
        setPreview(d.renderMarkdown);
        setPreviewError(null);
      } catch (e) {
        if (!ctl.signal.aborted) setPreviewError(asError(e).message);
      }
    }, 250);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [text]);

  const upload = async (files: File[]) => {
    setStatus(`Uploading ${files.map((f) => f.name).join(", ")}…`);
    try {
      const encoded = await Promise.all(
        files.map(async (f) => ({ name: f.name, contentType: f.type || "application/octet-stream", base64: await base64(f) })),
      );
      const out = await props.edit([{ operation: "insert_files", files: encoded }]);
      const md = out.insertedFiles
        .map((f) => (f.contentType.startsWith("image/") ? `![${f.name}](/files/${f.id})` : `[${f.name}](/files/${f.id})`))
        .join("\n");
      editor.current?.insert(md);
      setStatus(`Uploaded ${out.insertedFiles.length} file(s) to the space's files.`);
      setError(null);
    } catch (e) {
      setError(asError(e));
      setStatus("");
    }
  };

  const save = async (force = false) => {
    const { title: t, text: md } = latest.current;
    const changes: ContentChangeInput[] = [];
    const change: ContentChangeInput = { operation: "update_page", page: page.id };
    if (t !== saved.title) change.title = t;
    if (md !== saved.markdown) change.document = { markdown: md };
    if (change.title === undefined && change.document === undefined) {
      setStatus("Nothing to save.");
      return;
    }
    changes.push(change);
    setSaving(true);
    try {
      await props.edit(changes);
      setSaved({ title: t, markdown: md });
      dropDraft(space, number, page.id);
      setRestored(false);
      setConflict(null);
      setError(null);
      setStatus(force ? "Saved over the other changes." : "Saved.");
      props.reload();
    } catch (e) {
      const err = asError(e);
      const pre = err.code("PRECONDITION");
      if (pre) {
        setConflict({ pages: (pre.extensions?.changedPages as Changed[] | undefined) ?? [], revision: String(pre.extensions?.revision ?? ""), mine: md });
        setError(null);
      } else {
        setError(err);
      }
      setStatus("");
    } finally {
      setSaving(false);
    }
  };

  // CodeMirror, loaded on first use (its own chunk).
  useEffect(() => {
    let gone = false;
    import("../editor/cm").then(({ createEditor }) => {
      if (gone || !holder.current) return;
      editor.current = createEditor(holder.current, latest.current.text, {
        label: "Page content, markdown",
        onChange: setText,
        onFiles: upload,
        onSave: () => save(),
      });
    });
    return () => {
      gone = true;
      editor.current?.destroy();
      editor.current = null;
    };
  }, [page.id]);

  const reloading = useRef(false);
  const reloadPage = async () => {
    // The other changes win for this page; what was typed stays visible
    // in the conflict notice ("Your text") to copy from.
    dropDraft(space, number, page.id);
    reloading.current = true;
    await props.reload();
  };
  useEffect(() => {
    if (!reloading.current) return;
    reloading.current = false;
    const md = page.markdown ?? "";
    setTitle(page.title);
    setText(md);
    setSaved({ title: page.title, markdown: md });
    editor.current?.set(md);
    setStatus("Reloaded: this is the change request's version now.");
  }, [page.markdown, page.title]);
  const siblingsOf = flat.filter((p) => p.parent === here.parent);
  const parents = flat.filter((p) => p.id !== here.id && p.type === "document" && !isInside(flat, p.id, here.id));

  return (
    <section class="page-editor" aria-labelledby="page-editor-h">
      <h2 id="page-editor-h" class="visually-hidden">
        Edit {title || "page"}
      </h2>
      {restored && (
        <div class="notice" role="status">
          Unsaved changes from your last visit were restored.{" "}
          <button
            type="button"
            onClick={() => {
              setTitle(server.title);
              setText(server.markdown);
              editor.current?.set(server.markdown);
              dropDraft(space, number, page.id);
              setRestored(false);
            }}
          >
            Discard them
          </button>
        </div>
      )}
      {conflict && (
        <div class="notice error" role="alert">
          <p>
            Someone else changed this change request since you opened it:{" "}
            {conflict.pages.length ? conflict.pages.map((p) => `${p.title || p.id} (${p.change})`).join(", ") : "its content"}. Your text was not saved and is still here.
          </p>
          {conflict.pages.some((p) => p.id === page.id) ? (
            <p>This page is among them: reload it to see their version (your text stays below to copy from), or save yours over theirs.</p>
          ) : (
            <p>This page is not among them: save again to add your change on top of theirs.</p>
          )}
          <p class="actions">
            <button type="button" onClick={reloadPage}>
              Reload this page
            </button>
            <button type="button" onClick={() => save(true)}>
              {conflict.pages.some((p) => p.id === page.id) ? "Save mine over theirs" : "Save again"}
            </button>
          </p>
          <details>
            <summary>Your text</summary>
            <pre class="markdown">{conflict.mine}</pre>
          </details>
        </div>
      )}
      <div class="field">
        <label for="page-title">Title</label>
        <input id="page-title" value={title} maxLength={256} aria-invalid={!!error?.forField("title")} aria-describedby="page-title-error" onInput={(e) => setTitle((e.target as HTMLInputElement).value)} />
        <FieldError id="page-title-error" error={error} field="title" />
      </div>
      <div class="toolbar" role="toolbar" aria-label="Page">
        <button type="button" class="primary save" onClick={() => save()} disabled={saving || !dirty} aria-keyshortcuts="Control+S">
          {saving ? "Saving…" : "Save"}
        </button>
        <span class="status" role="status">
          {dirty ? "Unsaved changes" : status}
        </span>
        <button type="button" onClick={() => setLinking(!linking)} aria-expanded={linking}>
          Link to a page
        </button>
        <label class="file-button">
          Add files
          <input
            type="file"
            multiple
            class="visually-hidden"
            onChange={(e) => {
              const input = e.target as HTMLInputElement;
              const files = Array.from(input.files ?? []);
              input.value = "";
              if (files.length) upload(files);
            }}
          />
        </label>
        <button type="button" onClick={props.onAddChild} disabled={props.busy}>
          Add subpage
        </button>
        <button type="button" class="danger" onClick={props.onDelete} disabled={props.busy}>
          Delete page
        </button>
      </div>
      {linking && (
        <PageLinker
          flat={flat.filter((p) => p.id !== page.id && p.type === "document")}
          onPick={(p) => {
            editor.current?.insert(`[${p.title}](${props.linkTo(p.id)})`);
            setLinking(false);
          }}
        />
      )}
      <fieldset class="move">
        <legend>Move</legend>
        <button type="button" disabled={props.busy || here.index === 0} onClick={() => props.onMove(page.id, here.parent, here.index - 1)}>
          Up
        </button>
        <button type="button" disabled={props.busy || here.index >= siblingsOf.length - 1} onClick={() => props.onMove(page.id, here.parent, here.index + 1)}>
          Down
        </button>
        <label for="move-into">Inside</label>
        <select
          id="move-into"
          value={here.parent ?? ""}
          disabled={props.busy}
          onChange={(e) => {
            const v = (e.target as HTMLSelectElement).value;
            props.onMove(page.id, v || null, 100000);
          }}
        >
          <option value="">(top level)</option>
          {parents.map((p) => (
            <option key={p.id} value={p.id}>
              {"\u00a0".repeat(p.depth * 2)}
              {p.title}
            </option>
          ))}
        </select>
      </fieldset>
      {error && !error.forField("title") && <ErrorNotice error={error} />}
      <div class="split">
        <div class="source" ref={holder} />
        <section class="preview" aria-labelledby="preview-h">
          <h3 id="preview-h">Preview</h3>
          {previewError ? (
            <p class="notice error">{previewError}</p>
          ) : (
            <div class="page-body" dangerouslySetInnerHTML={{ __html: preview }} />
          )}
        </section>
      </div>
    </section>
  );
}

/** Whether page id is inside (or is) ancestor. */
function isInside(flat: Flat[], id: string, ancestor: string): boolean {
  for (let p: Flat | undefined = flat.find((x) => x.id === id); p; p = p.parent ? flat.find((x) => x.id === p!.parent) : undefined) {
    if (p.id === ancestor) return true;
  }
  return false;
}

/** Title search over the change request's pages; Enter or a click picks. */
function PageLinker({ flat, onPick }: { flat: Flat[]; onPick: (p: Flat) => void }) {
  const [q, setQ] = useState("");
  const hits = flat.filter((p) => p.title.toLowerCase().includes(q.trim().toLowerCase())).slice(0, 8);
  return (
    <div class="linker">
      <label for="link-search">Page title</label>
      <input
        id="link-search"
        type="search"
        autoFocus
        value={q}
        onInput={(e) => setQ((e.target as HTMLInputElement).value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && hits[0]) {
            e.preventDefault();
            onPick(hits[0]);
          }
        }}
      />
      <ul>
        {hits.map((p) => (
          <li key={p.id}>
            <button type="button" onClick={() => onPick(p)}>
              {p.title}
            </button>
          </li>
        ))}
        {!hits.length && <li class="muted">No page has that title.</li>}
      </ul>
    </div>
  );
}

function base64(f: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ""));
    r.onerror = () => reject(new Error(`${f.name} could not be read`));
    r.readAsDataURL(f);
  });
}
