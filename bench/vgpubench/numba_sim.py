"""The vgpubench kernels written for Numba, run by Numba's CUDA simulator.

vecadd_thread, mm_tiled<16> and st_global of cudalib/labs/cuda, with the
same launch shapes and sizes as bench/vgpubench/main.go. Run it with
NUMBA_ENABLE_CUDASIM=1 (run.sh does). Each kernel runs `runs` times (the
simulator compiles nothing, so the first run is no warm-up) and its output
is checked after the first; the median wall time is printed as one JSON
object per kernel.

    python numba_sim.py [--quick] [--runs 3] [--only KERNEL]
"""

import argparse
import json
import os
import statistics
import sys
import time

import numpy as np
from numba import cuda, float32

FULL = {"vec": 65536, "mat": 128, "stencil": 32}  # as in main.go
QUICK = {"vec": 8192, "mat": 32, "stencil": 12}
TILE = 16


@cuda.jit
def vecadd_thread(out, a, b, n):
    i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
    if i < n:
        out[i] = a[i] + b[i]


@cuda.jit
def mm_tiled16(c, a, b, n):
    ta = cuda.shared.array((TILE, TILE), float32)
    tb = cuda.shared.array((TILE, TILE), float32)
    tx, ty = cuda.threadIdx.x, cuda.threadIdx.y
    row = cuda.blockIdx.y * TILE + ty
    col = cuda.blockIdx.x * TILE + tx
    acc = float32(0.0)
    for t in range(0, n, TILE):
        ta[ty, tx] = a[row * n + t + tx] if row < n and t + tx < n else float32(0.0)
        tb[ty, tx] = b[(t + ty) * n + col] if t + ty < n and col < n else float32(0.0)
        cuda.syncthreads()
        for k in range(TILE):
            acc += ta[ty, k] * tb[k, tx]
        cuda.syncthreads()
    if row < n and col < n:
        c[row * n + col] = acc


@cuda.jit
def st_global(inp, out, nx, ny, nz):
    x = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x + 1
    y = cuda.blockIdx.y * cuda.blockDim.y + cuda.threadIdx.y + 1
    z = cuda.blockIdx.z * cuda.blockDim.z + cuda.threadIdx.z + 1
    if x > nx or y > ny or z > nz:
        return
    sx = nx + 2
    sxy = sx * (ny + 2)
    c = x + sx * y + sxy * z
    acc = 0.0
    for dz in range(-1, 2):
        for dy in range(-1, 2):
            for dx in range(-1, 2):
                alpha = (1 + (dx + 1) + 3 * (dy + 1) + 9 * (dz + 1)) / 378.0
                acc += alpha * inp[c + dx + dy * sx + dz * sxy]
    out[c] = acc


def stencil_ref(inp, n):
    s = n + 2
    v = inp.reshape(s, s, s)  # [z][y][x]
    out = np.zeros_like(v)
    for dz in (-1, 0, 1):
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                alpha = (1 + (dx + 1) + 3 * (dy + 1) + 9 * (dz + 1)) / 378.0
                out[1:-1, 1:-1, 1:-1] += alpha * v[1 + dz:s - 1 + dz, 1 + dy:s - 1 + dy, 1 + dx:s - 1 + dx]
    return out.reshape(-1)


def cases(sz, rng):
    n = sz["vec"]
    a = rng.uniform(-1, 1, n).astype(np.float32)
    b = rng.uniform(-1, 1, n).astype(np.float32)
    out = np.zeros(n, np.float32)
    yield ("vecadd_thread", f"n = {n}", lambda: vecadd_thread[(n + 255) // 256, 256](out, a, b, n),
           lambda: np.array_equal(out, a + b))

    m = sz["mat"]
    ma = rng.uniform(-1, 1, m * m).astype(np.float32)
    mb = rng.uniform(-1, 1, m * m).astype(np.float32)
    mc = np.zeros(m * m, np.float32)
    t = (m + TILE - 1) // TILE
    want = (ma.reshape(m, m).astype(np.float64) @ mb.reshape(m, m).astype(np.float64)).reshape(-1)
    yield ("mm_tiled<16>", f"{m}×{m}", lambda: mm_tiled16[(t, t), (TILE, TILE)](mc, ma, mb, m),
           lambda: np.allclose(mc, want, atol=1e-4 * m))

    s = sz["stencil"]
    inp = rng.uniform(0, 1, (s + 2) ** 3)
    sout = np.zeros_like(inp)
    grid = ((s + 31) // 32, (s + 3) // 4, (s + 3) // 4)
    yield ("st_global", f"{s}³", lambda: st_global[grid, (32, 4, 4)](inp, sout, s, s, s),
           lambda: np.allclose(sout, stencil_ref(inp, s), rtol=0, atol=1e-12))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes (a fast check, not the benchmark)")
    ap.add_argument("--runs", type=int, default=3, help="timed runs per kernel (the median is reported)")
    ap.add_argument("--only", help="run only this kernel (vecadd_thread, mm_tiled<16> or st_global)")
    args = ap.parse_args()
    if os.environ.get("NUMBA_ENABLE_CUDASIM") != "1":
        sys.exit("numba_sim.py: set NUMBA_ENABLE_CUDASIM=1 (this measures Numba's CUDA simulator)")
    rng = np.random.default_rng(1)
    for name, size, launch, check in cases(QUICK if args.quick else FULL, rng):
        if args.only and name != args.only:
            continue
        times = []
        for _ in range(args.runs):
            t0 = time.perf_counter()
            launch()
            times.append(time.perf_counter() - t0)
            if len(times) == 1 and not check():
                sys.exit(f"numba_sim.py: {name}: wrong output")
        print(json.dumps({"kernel": name, "size": size, "ms": 1e3 * statistics.median(times)}, ensure_ascii=False),
              flush=True)


if __name__ == "__main__":
    main()
