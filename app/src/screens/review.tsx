// The review of a change request: its subject, the pages it added,
// changed, moved and removed with a line diff of each, the discussion on
// the change request and on each page (replies, resolve/reopen,
// reactions), and the merge, previewed first. It updates live: a saved
// edit or a comment from another browser reloads it (one round trip).
import { useRef, useState } from "preact/hooks";
import {
  ReviewLiveChangeRequest,
  ReviewLiveComments,
  ReviewMerge,
  ReviewMergePreview,
  ReviewPostComment,
  ReviewPostReply,
  ReviewScreen as Op,
  ReviewUpdateComment,
  ReviewUpdateReply,
  type ReviewMergePreviewResult,
  type ReviewScreenResult,
} from "../gen/operations";
import { OperationError, run } from "../lib/graphql";
import { FieldError } from "../lib/form";
import { useSubscription } from "../lib/live";
import { ErrorNotice, Loaded, useQuery } from "../lib/query";
import { paths } from "../lib/router";
import { DiffTable } from "./diff";
import "./review.css";

type CR = NonNullable<ReviewScreenResult["space"]>["changeRequest"];
type Thread = CR["commentList"]["items"][number];
type Reply = Thread["replyList"]["items"][number];
type Change = CR["pageChanges"][number];
type Reaction = Thread["reactions"][number];
type Preview = ReviewMergePreviewResult["previewMerge"];

/** Who may do what, and how to talk to the API about this change request. */
interface Ctx {
  space: string;
  number: string;
  viewer: string;
  canComment: boolean;
  reload: () => Promise<void>;
}

const quickReactions = ["👍", "🎉", "❤️"];

function asError(e: unknown): OperationError {
  return e instanceof OperationError ? e : new OperationError([{ message: String(e) }]);
}

export function ReviewScreen({ org, space, number }: { org: string; space: string; number: string }) {
  const q = useQuery(Op, { space, number });
  const [live, setLive] = useState("");
  // Results of both streams coalesce: one reload at a time, one more if
  // something came while it ran.
  const pending = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });
  const refresh = async (why: string) => {
    setLive(why);
    const p = pending.current;
    if (p.running) {
      p.again = true;
      return;
    }
    p.running = true;
    try {
      do {
        p.again = false;
        await q.reload();
      } while (p.again);
    } finally {
      p.running = false;
    }
  };
  useSubscription(ReviewLiveChangeRequest, { space, number }, () => refresh("The change request changed: updated."), () => refresh(""));
  useSubscription(ReviewLiveComments, { space, number }, (d) => refresh(d.commentsChanged.kind.startsWith("reply") ? "A reply changed: updated." : "A comment changed: updated."));
  return (
    <div class="review">
      <Loaded q={q}>
        {(d) => {
          const cr = d.space?.changeRequest;
          if (!d.space || !cr) return <h1>No such change request</h1>;
          const ctx: Ctx = { space, number, viewer: d.viewer.id, canComment: d.space.permissions.comment, reload: q.reload };
          const general = cr.commentList.items.filter((c) => !c.target.page);
          const onPage = (id: string) => cr.commentList.items.filter((c) => c.target.page?.id === id);
          const open = cr.status === "draft" || cr.status === "open";
          return (
            <>
              <p class="crumb">
                <a href={paths.space(org, space)}>{d.space.title}</a> · <a href={paths.changeRequest(org, space, cr.number)}>change request #{cr.number}</a>
              </p>
              <h1>Review: {cr.subject || "Untitled change request"}</h1>
              <p>
                <span class={"badge " + cr.status}>{cr.status}</span> by {cr.createdBy.displayName}, updated{" "}
                <time dateTime={cr.updatedAt}>{new Date(cr.updatedAt).toLocaleString()}</time>
                {cr.outdated && open && " · the space has moved on since it started"}
              </p>
              <p class="live-status muted" role="status" aria-live="polite">
                {live}
              </p>
              <ErrorNotice error={q.error} onRetry={q.reload} />
              {open && d.space.permissions.merge && <MergePanel key={cr.revision} ctx={ctx} />}
              <section aria-labelledby="review-changes">
                <h2 id="review-changes">
                  Changes <span class="muted">({cr.pageChanges.length === 1 ? "1 page" : `${cr.pageChanges.length} pages`})</span>
                </h2>
                {cr.pageChanges.length === 0 && <p class="muted">This change request changes no page yet.</p>}
                {cr.pageChanges.map((c) => (
                  <PageChangeView key={c.id} change={c} threads={onPage(c.id)} ctx={ctx} />
                ))}
              </section>
              <section aria-labelledby="review-discussion">
                <h2 id="review-discussion">Discussion</h2>
                {general.length === 0 && <p class="muted">No comments yet.</p>}
                <ol class="threads">
                  {general.map((c) => (
                    <ThreadView key={c.id} thread={c} ctx={ctx} />
                  ))}
                </ol>
                {ctx.canComment && <CommentForm ctx={ctx} label="Comment on the change request" id="comment-cr" />}
              </section>
            </>
          );
        }}
      </Loaded>
    </div>
  );
}

const kindWords: Record<string, string> = { added: "added", changed: "changed", moved: "moved", removed: "removed" };

function PageChangeView({ change, threads, ctx }: { change: Change; threads: Thread[]; ctx: Ctx }) {
  const d = change.diff;
  const headingId = "change-" + change.id;
  return (
    <article class="page-change" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <span class={"badge kind-" + change.kind}>{kindWords[change.kind]}</span> {change.title}{" "}
        <span class="muted path">
          /{change.path}
          {change.previousPath != null && ` (was /${change.previousPath})`}
        </span>
      </h3>
      <p class="muted">
        {d.added} {d.added === 1 ? "line" : "lines"} added, {d.removed} removed
      </p>
      <DiffTable title={change.title} diff={d} />
      {d.truncated && <p class="muted">The diff stops here: the page changed too much to show whole.</p>}
      {threads.length > 0 && (
        <ol class="threads">
          {threads.map((c) => (
            <ThreadView key={c.id} thread={c} ctx={ctx} />
          ))}
        </ol>
      )}
      {ctx.canComment && change.kind !== "removed" && <CommentForm ctx={ctx} page={change.id} label={`Comment on ${change.title}`} id={"comment-" + change.id} />}
    </article>
  );
}

function CommentForm({ ctx, page, label, id }: { ctx: Ctx; page?: string; label: string; id: string }) {
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OperationError | null>(null);
  const submit = async (ev: Event) => {
    ev.preventDefault();
    setBusy(true);
    try {
      await run(ReviewPostComment, { space: ctx.space, number: ctx.number, page: page ?? null, markdown: text });
      setText("");
      setError(null);
      await ctx.reload();
    } catch (e) {
      setError(asError(e)); // what was typed stays
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="comment-form" onSubmit={submit}>
      <label for={id}>{label}</label>
      <textarea id={id} rows={3} value={text} onInput={(e) => setText((e.target as HTMLTextAreaElement).value)} aria-describedby={id + "-error"} required />
      <FieldError id={id + "-error"} error={error} field="markdown" />
      {error && !error.forField("markdown") && <ErrorNotice error={error} />}
      <button type="submit" class="primary" disabled={busy || !text.trim()}>
        {page ? "Comment on page" : "Comment"}
      </button>
    </form>
  );
}

function ThreadView({ thread, ctx }: { thread: Thread; ctx: Ctx }) {
  const [error, setError] = useState<OperationError | null>(null);
  const [replying, setReplying] = useState("");
  const [busy, setBusy] = useState(false);
  const act = async (f: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await f();
      setError(null);
      await ctx.reload();
    } catch (e) {
      setError(asError(e));
    } finally {
      setBusy(false);
    }
  };
  const resolved = thread.status === "resolved";
  const replyId = "reply-" + thread.id;
  return (
    <li class={"thread " + thread.status} aria-label={`Comment by ${thread.postedBy.displayName}`}>
      <Message who={thread.postedBy.displayName} at={thread.postedAt} markdown={thread.body.markdown ?? ""} />
      {resolved && <p class="muted">Resolved</p>}
      <div class="actions">
        <Reactions
          reactions={thread.reactions}
          ctx={ctx}
          busy={busy}
          onToggle={(emoji, mine) =>
            act(() =>
              run(ReviewUpdateComment, {
                space: ctx.space,
                number: ctx.number,
                comment: thread.id,
                input: mine ? { removedReactions: [emoji] } : { addedReactions: [emoji] },
              }),
            )
          }
        />
        {ctx.canComment && (
          <button type="button" disabled={busy} onClick={() => act(() => run(ReviewUpdateComment, { space: ctx.space, number: ctx.number, comment: thread.id, input: { resolved: !resolved } }))}>
            {resolved ? "Reopen" : "Resolve"}
          </button>
        )}
      </div>
      <ErrorNotice error={error} />
      {thread.replyList.items.length > 0 && (
        <ol class="replies">
          {thread.replyList.items.map((r) => (
            <ReplyView key={r.id} reply={r} thread={thread.id} ctx={ctx} />
          ))}
        </ol>
      )}
      {thread.permissions.reply && (
        <form
          class="reply-form"
          onSubmit={(ev) => {
            ev.preventDefault();
            act(async () => {
              await run(ReviewPostReply, { space: ctx.space, number: ctx.number, comment: thread.id, markdown: replying });
              setReplying("");
            });
          }}
        >
          <label for={replyId}>Reply to {thread.postedBy.displayName}</label>
          <textarea id={replyId} rows={2} value={replying} onInput={(e) => setReplying((e.target as HTMLTextAreaElement).value)} required />
          <button type="submit" disabled={busy || !replying.trim()}>
            Reply
          </button>
        </form>
      )}
    </li>
  );
}

function ReplyView({ reply, thread, ctx }: { reply: Reply; thread: string; ctx: Ctx }) {
  const [error, setError] = useState<OperationError | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <li class="reply">
      <Message who={reply.postedBy.displayName} at={reply.postedAt} markdown={reply.body.markdown ?? ""} />
      <Reactions
        reactions={reply.reactions}
        ctx={ctx}
        busy={busy}
        onToggle={async (emoji, mine) => {
          setBusy(true);
          try {
            await run(ReviewUpdateReply, {
              space: ctx.space,
              number: ctx.number,
              comment: thread,
              reply: reply.id,
              input: mine ? { removedReactions: [emoji] } : { addedReactions: [emoji] },
            });
            setError(null);
            await ctx.reload();
          } catch (e) {
            setError(asError(e));
          } finally {
            setBusy(false);
          }
        }}
      />
      <ErrorNotice error={error} />
    </li>
  );
}

function Message({ who, at, markdown }: { who: string; at: string; markdown: string }) {
  return (
    <>
      <p class="byline">
        <strong>{who}</strong> <time dateTime={at}>{new Date(at).toLocaleString()}</time>
      </p>
      <p class="body">{markdown}</p>
    </>
  );
}

function Reactions({ reactions, ctx, busy, onToggle }: { reactions: ReadonlyArray<Reaction>; ctx: Ctx; busy: boolean; onToggle: (emoji: string, mine: boolean) => void }) {
  if (!ctx.canComment && reactions.length === 0) return null;
  const shown = [...reactions.map((r) => r.emoji), ...quickReactions.filter((e) => !reactions.some((r) => r.emoji === e))];
  return (
    <span class="reactions">
      {shown.map((emoji) => {
        const r = reactions.find((x) => x.emoji === emoji);
        const mine = !!r?.users.some((u) => u.user.id === ctx.viewer);
        const count = r?.count ?? 0;
        return (
          <button
            key={emoji}
            type="button"
            class={"reaction" + (mine ? " mine" : "")}
            aria-pressed={mine}
            aria-label={`${emoji} ${count} ${mine ? "(yours: remove)" : "(add)"}`}
            disabled={busy || !ctx.canComment}
            onClick={() => onToggle(emoji, mine)}
          >
            {emoji} {count > 0 ? count : ""}
          </button>
        );
      })}
    </span>
  );
}

/**
 * The merge, previewed first: what it would add, change, move and remove,
 * and the pages that conflict with the way out. The merge then sends the
 * previewed head as its base revision, so an edit made after the preview
 * is never merged unseen (PRECONDITION: preview again).
 */
function MergePanel({ ctx }: { ctx: Ctx }) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<OperationError | null>(null);
  const [busy, setBusy] = useState(false);
  const [merged, setMerged] = useState("");
  const load = async () => {
    setBusy(true);
    try {
      const d = await run(ReviewMergePreview, { space: ctx.space, number: ctx.number });
      setPreview(d.previewMerge);
      setError(null);
    } catch (e) {
      setError(asError(e));
    } finally {
      setBusy(false);
    }
  };
  const merge = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      const d = await run(ReviewMerge, { space: ctx.space, number: ctx.number, base: preview.changeRequestRevision });
      setMerged(d.mergeChangeRequest.revision);
      setError(null);
      await ctx.reload();
    } catch (e) {
      const err = asError(e);
      setError(err);
      if (err.code("PRECONDITION") || err.code("CONFLICT")) setPreview(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="merge-panel" aria-labelledby="review-merge">
      <h2 id="review-merge">Merge</h2>
      {merged && <p role="status">Merged: the space is now at revision {merged}.</p>}
      {!preview && !merged && (
        <button type="button" class="primary preview-merge" disabled={busy} onClick={load}>
          Preview the merge
        </button>
      )}
      <ErrorNotice error={error} />
      {error?.code("PRECONDITION") && <p>The change request was edited after the preview: preview the merge again to see what it would do now.</p>}
      {preview && !merged && (
        <div class="merge-preview">
          <p>
            {preview.fastForward ? "The space has not moved since this change request started: " : "The space has moved on: a three-way merge, "}
            {preview.changes.length === 0 ? "the merge changes no page." : `the merge would change ${preview.changes.length === 1 ? "1 page" : `${preview.changes.length} pages`}:`}
          </p>
          {preview.changes.length > 0 && (
            <ul class="merge-changes">
              {preview.changes.map((c) => (
                <li key={c.id}>
                  <span class={"badge kind-" + c.kind}>{kindWords[c.kind]}</span> {c.title} <span class="muted">/{c.path}</span>
                  {c.previousPath != null && <span class="muted"> (was /{c.previousPath})</span>}
                </li>
              ))}
            </ul>
          )}
          {preview.conflicts.length > 0 && (
            <div class="notice error conflicts" role="alert">
              <p>
                <strong>{preview.conflicts.length === 1 ? "1 conflict" : `${preview.conflicts.length} conflicts`}</strong>: the merge cannot go ahead.
              </p>
              <ul>
                {preview.conflicts.map((c) => (
                  <li key={c.id}>
                    <strong>{c.title}</strong>
                    {c.path != null && <span> (/{c.path})</span>}: {c.message}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {preview.problem && (
            <div class="notice error" role="alert">
              <p>{preview.problem}</p>
            </div>
          )}
          <p class="merge-buttons">
            <button type="button" class="primary do-merge" disabled={busy || !preview.mergeable} onClick={merge}>
              Merge into the space
            </button>{" "}
            <button type="button" disabled={busy} onClick={load}>
              Preview again
            </button>
          </p>
        </div>
      )}
    </section>
  );
}
