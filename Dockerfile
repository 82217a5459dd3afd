# Folio's container image: built in a Go image, run from distroless as a
# non-root user. It talks to an external PostgreSQL (DATABASE_URL): the
# embedded cluster of `make run` is for development. See compose.yaml.
#
#   make image                      # or: docker build -t folio .
#   docker compose up               # Folio and PostgreSQL, data in volumes

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY cmd ./cmd
COPY graph ./graph
COPY rest ./rest
COPY service ./service
COPY store ./store
COPY domain ./domain
COPY internal ./internal
COPY migrations ./migrations
ARG VERSION=dev
ARG COMMIT=unknown
RUN CGO_ENABLED=0 go build -trimpath \
      -ldflags "-s -w -X folio/internal/buildinfo.Version=${VERSION} -X folio/internal/buildinfo.Commit=${COMMIT} -X folio/internal/buildinfo.Build=container" \
      -o /out/folio ./cmd/folio \
    && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/folio /usr/local/bin/folio
# The data directory holds uploaded files (blobs/); a volume mounted here
# takes this owner, so the non-root server can write to it.
COPY --from=build --chown=65532:65532 /out/data /data
USER 65532:65532
ENV FOLIO_ADDR=0.0.0.0:8080 \
    FOLIO_DATA_DIR=/data
EXPOSE 8080
VOLUME ["/data"]
ENTRYPOINT ["/usr/local/bin/folio"]
CMD ["serve"]
