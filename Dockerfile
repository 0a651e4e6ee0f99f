# culab: JupyterLab with the Go (culab) kernel on an NVIDIA GPU.
#   docker build -t culab . && docker run --gpus all -p 8888:8888 culab
# It is also JupyterHub's single-user image (jupyterhub-singleuser is in the
# venv; docs/deploy/ runs it on Kubernetes, a GPU or the virtual GPU each).
# The install steps call the same scripts the tests run.

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
COPY third_party third_party
RUN go mod download
COPY . .
RUN scripts/build.sh

# The CUDA 13 runtime image carries the driver API stubs' loader and NVRTC;
# the driver itself comes from the host through the NVIDIA container runtime.
FROM nvidia/cuda:13.0.2-runtime-ubuntu24.04
RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-venv ca-certificates \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /opt/culab
COPY requirements.txt scripts/setup-python.sh ./
RUN mkdir scripts tests && mv setup-python.sh scripts/ && VENV=/opt/venv scripts/setup-python.sh
COPY --from=build /src/bin/culab /usr/local/bin/culab
# The Go toolchain stays in the image: %%gorun cells build CPU baselines with
# it, so that they are timed compiled rather than interpreted.
COPY --from=build /usr/local/go /usr/local/go
RUN culab install --prefix /opt/venv
RUN useradd --create-home --uid 1000 student
# The notebooks as shipped: a copy in the student's home for docker run, and
# /opt/culab/notebooks, which a hub copies into a new persistent home.
COPY notebooks /opt/culab/notebooks
RUN cp -r /opt/culab/notebooks /home/student/notebooks && chown -R student:student /home/student/notebooks
USER student
WORKDIR /home/student/notebooks
ENV PATH=/opt/venv/bin:/usr/local/go/bin:$PATH GOTOOLCHAIN=local
EXPOSE 8888
CMD ["jupyter", "lab", "--ip=0.0.0.0", "--port=8888", "--no-browser"]
