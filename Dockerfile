# sasl in a container, for sasl sim at scale (deploy/k8s, README "Running at
# scale"). Build from the repository's root:
#   docker build -t sasl:latest .
#
# Stage 1 builds a static binary (no cgo); the .git folder is in the build
# context so that the binary carries its VCS revision, which part files
# record as the engine that played them.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/sasl ./cmd/sasl

# Stage 2: distroless static, no shell, running as the unprivileged
# nonroot user (65532). Boards and missions are mounted, never baked in.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/sasl /sasl
USER 65532:65532
ENTRYPOINT ["/sasl"]
