// A page's line diff as a table (old line, new line, text), shared by the
// review and the history screens; review.css styles it.
import "./review.css";

type Line = { readonly kind: string; readonly text: string; readonly oldNumber?: number | null; readonly newNumber?: number | null };
type Hunk = { readonly oldStart: number; readonly oldLines: number; readonly newStart: number; readonly newLines: number; readonly lines: ReadonlyArray<Line> };

export function DiffTable({ title, diff }: { title: string; diff: { readonly hunks: ReadonlyArray<Hunk> } }) {
  if (diff.hunks.length === 0) return null;
  const d = diff;
  return (
    <div class="diff-scroll" tabIndex={0} role="region" aria-label={`Line diff of ${title}`}>
      <table class="diff">
        <caption class="visually-hidden">Line diff of {title}: old line, new line, text</caption>
        <thead class="visually-hidden">
          <tr>
            <th scope="col">Old line</th>
            <th scope="col">New line</th>
            <th scope="col">Text</th>
          </tr>
        </thead>
        {d.hunks.map((h, i) => (
          <tbody key={i}>
            <tr class="hunk">
              <td colSpan={3}>
                @@ −{h.oldStart},{h.oldLines} +{h.newStart},{h.newLines} @@
              </td>
            </tr>
            {h.lines.map((l, j) => (
              <tr key={j} class={"line " + l.kind}>
                <td class="num">{l.oldNumber ?? ""}</td>
                <td class="num">{l.newNumber ?? ""}</td>
                <td class="text">
                  <span class="sign" aria-label={l.kind === "context" ? undefined : l.kind}>
                    {l.kind === "added" ? "+" : l.kind === "removed" ? "−" : " "}
                  </span>
                  {l.text}
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
