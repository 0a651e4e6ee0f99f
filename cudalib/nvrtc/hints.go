package nvrtc

import (
	"fmt"
	"regexp"
	"strings"
)

// Notes added to the diagnostics that a kernel written as a host program
// (a textbook's) gets: what of the C library device code has, and where
// the CUDA headers come from.

var (
	undefinedRE = regexp.MustCompile(`^identifier "([A-Za-z_][A-Za-z0-9_]*)" is undefined`)
	noFileRE    = regexp.MustCompile(`^(?:could not|cannot) open source file "([^"]+)"`)
)

// hostOnly maps host functions of the C headers culab's stand in for to
// that header: device code cannot call them.
var hostOnly = map[string]string{}

func init() {
	for header, names := range map[string]string{
		"stdio.h":  "fopen fclose fprintf fputs fputc fgets fread fwrite fflush fseek puts putchar getchar scanf fscanf sscanf sprintf snprintf perror stdout stderr stdin",
		"stdlib.h": "rand srand exit abort atexit atoi atol atof strtol strtoul strtod qsort bsearch getenv system calloc realloc",
		"string.h": "strlen strcpy strncpy strcat strncat strcmp strncmp strchr strrchr strstr strdup memcmp memmove memchr",
		"time.h":   "time difftime localtime gmtime",
	} {
		for _, n := range strings.Fields(names) {
			hostOnly[n] = header
		}
	}
}

// hostLibrary are the host C++ library's headers that textbook programs
// include; device code has none of them.
var hostLibrary = map[string]bool{
	"iostream": true, "fstream": true, "sstream": true, "iomanip": true,
	"vector": true, "string": true, "map": true, "unordered_map": true,
	"chrono": true, "thread": true, "random": true,
}

// thrustNote explains a %%cuda cell that includes Thrust: its containers
// and algorithms are called from host code, which a cell's CUDA source
// (device code, compiled by NVRTC) does not have.
const thrustNote = "Thrust (<thrust/...>) is called from host code (thrust::device_vector, thrust::sort, thrust::reduce), which NVRTC does not compile: " +
	"in a kernel use CUB's block and warp primitives (<cub/block/block_reduce.cuh>, <cub/warp/warp_reduce.cuh>) or cooperative groups, and cudalib's buffers from Go for memory"

// hostCodeNote explains a host function (a textbook's main with its
// cudaMalloc and <<<>>> launch) in source NVRTC compiles.
const hostCodeNote = "NVRTC compiles device code only (__global__ and __device__ functions): the host program — main, cudaMalloc, cudaMemcpy, kernel<<<grid, block>>>(...) — is written in Go with cudalib: " +
	"dev.Float32sFrom(xs), k.Run(cudalib.Config{Grid: cudalib.D1(g), Block: cudalib.D1(b)}, args...), buf.ToHost()"

// toolkitPrefixes start the names of the CUDA toolkit's headers.
var toolkitPrefixes = []string{"cuda_", "cuda/", "cooperative_groups", "mma.h", "nv/", "cub/", "thrust/",
	"crt/", "sm_", "device_", "vector_types.h", "vector_functions.h", "math_constants.h", "cuComplex.h"}

// explain adds a note to the diagnostics that have a simple cause: a host
// function of the C library called in device code, a header device code
// does not have, or a CUDA header where none were found for this NVRTC.
func (l *Lib) explain(diags []Diagnostic) {
	for i := range diags {
		d := &diags[i]
		msg, _, _ := strings.Cut(d.Message, "\n")
		var note string
		if m := undefinedRE.FindStringSubmatch(msg); m != nil {
			if h, ok := hostOnly[m[1]]; ok {
				note = fmt.Sprintf("%s is host code (<%s>): device code cannot use it", m[1], h)
			}
		} else if m := noFileRE.FindStringSubmatch(msg); m != nil {
			note = l.missingHeader(m[1])
			if strings.Contains(d.File, "/thrust/") {
				// Thrust's headers reach the host's library at once: the
				// note is about thrust, not the header it wanted.
				note = thrustNote
			}
		}
		if strings.Contains(msg, "host functions are not allowed in JIT mode") {
			note = hostCodeNote
		}
		if note != "" {
			d.Message += "\nnote: " + note
		}
	}
}

// missingHeader says why a header NVRTC could not open is missing, when
// it can tell; "" when not.
func (l *Lib) missingHeader(name string) string {
	if hostLibrary[name] {
		return fmt.Sprintf("<%s> is part of the host's C++ library, which device code does not have (printf prints from a kernel; libcu++'s <cuda/std/...> is the device's library)", name)
	}
	if len(l.includeDirs) > 0 {
		return ""
	}
	for _, p := range toolkitPrefixes {
		if strings.HasPrefix(name, p) {
			return fmt.Sprintf("<%s> is one of the CUDA toolkit's headers, and none of CUDA %d were found for NVRTC %d.%d (%s): scripts/setup-cudatools.sh installs NVRTC 13 with its headers from PyPI, or install the toolkit's headers in /usr/local/cuda/include",
				name, l.major, l.major, l.minor, l.path)
		}
	}
	return ""
}
