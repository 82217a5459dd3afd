// A collection: its spaces and sub-collections.
import { CollectionScreen as CollectionOp } from "../gen/operations";
import { Loaded, useQuery } from "../lib/query";
import { paths } from "../lib/router";

export function CollectionScreen({ org, id }: { org: string; id: string }) {
  const q = useQuery(CollectionOp, { id });
  return (
    <Loaded q={q}>
      {(d) =>
        !d.collection ? (
          <h1>No such collection</h1>
        ) : (
          <>
            <h1>{d.collection.title}</h1>
            {d.collection.description && <p class="lead">{d.collection.description}</p>}
            <ul class="cards">
              {d.collection.collections.items.map((c) => (
                <li key={c.id}>
                  <a href={paths.collection(org, c.id)}>{c.title}</a>
                </li>
              ))}
              {d.collection.spaces.items.map((s) => (
                <li key={s.id}>
                  <a href={paths.space(org, s.id)}>
                    {s.emoji ? <span aria-hidden="true">{s.emoji} </span> : null}
                    {s.title || "Untitled space"}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )
      }
    </Loaded>
  );
}
