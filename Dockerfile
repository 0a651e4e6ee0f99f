# culab: JupyterLab with the Go (culab) kernel on an NVIDIA GPU.
#   docker build -t culab . && docker run --gpus all -p 8888:8888 culab
# It is also JupyterHub's single-user image (jupyterhub-singleuser is in the
# venv; docs/deploy/ runs it on Kubernetes, a GPU or the virtual GPU each).
# The install steps call the same scripts the tests run.
#
# The bases are build arguments so that tests/test_image.py can build this
# same file from local stand-ins where no registry can be pulled from
# (scripts/image-standins.sh); the defaults are the public images.
ARG BUILD_BASE=golang:1.26-bookworm
ARG RUNTIME_BASE=nvidia/cuda:13.0.2-runtime-ubuntu24.04

FROM ${BUILD_BASE} AS build
WORKDIR /src
COPY go.mod go.sum ./
COPY third_party third_party
RUN go mod download
COPY . .
# The build context has no .git (.dockerignore): the commit comes in here.
ARG CULAB_COMMIT=unknown
# Go's build cache outlives the layer, so a new commit recompiles only
# what changed.
RUN --mount=type=cache,target=/root/.cache/go-build CULAB_COMMIT=$CULAB_COMMIT scripts/build.sh

# The CUDA 13 runtime image carries the driver API stubs' loader and NVRTC;
# the driver itself comes from the host through the NVIDIA container runtime.
FROM ${RUNTIME_BASE}
RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-venv ca-certificates \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /opt/culab
COPY requirements.txt scripts/setup-python.sh ./
RUN mkdir scripts tests && mv setup-python.sh scripts/ && VENV=/opt/venv scripts/setup-python.sh
# Ubuntu 24.04 ships a user `ubuntu` with uid 1000, the uid the hub's
# volumes are owned by (docs/deploy/z2jh-values.yaml): it makes way.
RUN if id -u ubuntu >/dev/null 2>&1; then userdel --remove ubuntu; fi \
    && useradd --create-home --uid 1000 student
# The Go toolchain stays in the image: %%gorun cells build CPU baselines with
# it, so that they are timed compiled rather than interpreted.
COPY --from=build /usr/local/go /usr/local/go
# The notebooks as shipped: a copy in the student's home for docker run, and
# /opt/culab/notebooks, which a hub copies into a new persistent home.
COPY notebooks /opt/culab/notebooks
RUN cp -r /opt/culab/notebooks /home/student/notebooks && chown -R student:student /home/student/notebooks
COPY --from=build /src/bin/culab /usr/local/bin/culab
RUN culab install --prefix /opt/venv
USER student
WORKDIR /home/student/notebooks
ENV PATH=/opt/venv/bin:/usr/local/go/bin:$PATH GOTOOLCHAIN=local
EXPOSE 8888
CMD ["jupyter", "lab", "--ip=0.0.0.0", "--port=8888", "--no-browser"]
