"""CuPy's RawModule cache hit, timed as gpubench times culab's (compile_hit_us):
median host time of building a RawModule of kernels.cu again and getting
mm_tiled<32> from it, after a first compile. Prints {"hit_us": ...}."""
import json
import pathlib
import statistics
import time

import cupy

src = (pathlib.Path(__file__).parent / "kernels.cu").read_text()


def compile_once():
    m = cupy.RawModule(code=src, name_expressions=["mm_tiled<32>"])
    m.get_function("mm_tiled<32>")  # RawModule compiles lazily, on first lookup


compile_once()
per = []
for _ in range(200):
    t0 = time.perf_counter()
    compile_once()
    per.append((time.perf_counter() - t0) * 1e6)
print(json.dumps({"hit_us": statistics.median(per), "cupy": cupy.__version__}))
