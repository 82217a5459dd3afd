// An OpenAPI specification: its source and processing state.
import { OpenAPIScreen as OpenAPIOp } from "../gen/operations";
import { Loaded, useQuery } from "../lib/query";

export function OpenAPIScreen({ org, slug }: { org: string; slug: string }) {
  const q = useQuery(OpenAPIOp, { org, slug });
  return (
    <Loaded q={q}>
      {(d) => {
        const s = d.organization?.openAPISpec;
        if (!s) return <h1>No such OpenAPI specification</h1>;
        return (
          <>
            <h1>OpenAPI: {s.slug}</h1>
            <dl>
              <dt>State</dt>
              <dd>{s.processingState}</dd>
              <dt>Updated</dt>
              <dd>{new Date(s.updatedAt).toLocaleString()}</dd>
              {s.sourceURL && (
                <>
                  <dt>Source</dt>
                  <dd>{s.sourceURL}</dd>
                </>
              )}
              <dt>Errors</dt>
              <dd>{s.lastProcessedErrorCount}</dd>
            </dl>
          </>
        );
      }}
    </Loaded>
  );
}
