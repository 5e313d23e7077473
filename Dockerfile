# Container image: the static Linux binary and nothing else.
#
#   scripts/release/build.sh x86_64-unknown-linux-gnu dist/linux-amd64
#   docker build -t crdlint .          # BuildKit: TARGETARCH picks dist/linux-<arch>/crdlint
#   docker run --rm -v "$PWD:/work" crdlint check deploy/
#
# The binary is linked statically (glibc with crt-static, mimalloc inside), so the image needs
# no base layer. scripts/packaging/check-static.sh runs the binary in an empty root laid out
# like this image (the COPY destination and WORKDIR below), which is how CI tests the image
# where no Docker daemon runs. The release workflow builds the amd64 and arm64 images from the
# release job's static binaries (dist/linux-amd64, dist/linux-arm64).
FROM scratch
ARG TARGETARCH
ARG BINARY=dist/linux-${TARGETARCH}/crdlint
ENV PATH=/usr/local/bin
COPY ${BINARY} /usr/local/bin/crdlint
WORKDIR /work
ENTRYPOINT ["crdlint"]
CMD ["check", "."]
