// Package catalog reads the seeded-bug catalogue of the virtual GPU's
// sanitizer (cudalib/vgpu/testdata/seeded/manifest.json): per kernel, its
// .cu file, launch, arguments and the findings it must produce. Both the
// vgpu tests and tools/sancompare run it, so the data lives in one place.
package catalog

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
)

// Dir is the catalogue's directory, relative to the repository root.
const Dir = "cudalib/vgpu/testdata/seeded"

// Manifest is manifest.json.
type Manifest struct {
	Kernels []Kernel `json:"kernels"`
}

// Kernel is one launch of the catalogue.
type Kernel struct {
	File   string `json:"file"`
	Kernel string `json:"kernel"`
	// First, when set, is a kernel of the same file launched before
	// Kernel, with the same launch and arguments and without the
	// sanitizer (its own launch must be clean).
	First         string   `json:"first"`
	Grid          [3]int   `json:"grid"`
	Block         [3]int   `json:"block"`
	DynamicShared int      `json:"dynamicShared"`
	Args          []Arg    `json:"args"`
	Expect        []Expect `json:"expect"`
}

// Arg is a buffer (Buf names its element type) or a scalar.
type Arg struct {
	Buf string `json:"buf"` // "f32", "i32", "u8"; "" for a scalar
	N   int    `json:"n"`   // elements
	// Fill is "none" (never written), "zero", "sin", "rand", "iota", or
	// "head" (rand, of which the host copies only the first half).
	Fill string   `json:"fill"`
	I32  *int32   `json:"i32"`
	F32  *float32 `json:"f32"`
}

// Expect is a finding a kernel must produce.
type Expect struct {
	Kind string `json:"kind"`
	Line int    `json:"line"`
}

// Load reads the manifest in dir.
func Load(dir string) (*Manifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("catalog: %s: %w", dir, err)
	}
	return &m, nil
}

// Name is the launch's label, "file:kernel", or "file:first+kernel".
func (k *Kernel) Name() string {
	if k.First != "" {
		return k.File + ":" + k.First + "+" + k.Kernel
	}
	return k.File + ":" + k.Kernel
}

// Written is how many of a buffer's elements, from the first, the host
// copies to the device.
func (a *Arg) Written() int {
	switch a.Fill {
	case "none":
		return 0
	case "head":
		return a.N / 2
	}
	return a.N
}

// ElemSize is the bytes of a buffer's element.
func (a *Arg) ElemSize() int {
	if a.Buf == "u8" {
		return 1
	}
	return 4
}

// Bytes returns a buffer's initial contents (nil for fill "none") or a
// scalar's little-endian value.
func (a *Arg) Bytes() []byte {
	switch {
	case a.I32 != nil:
		return binary.LittleEndian.AppendUint32(nil, uint32(*a.I32))
	case a.F32 != nil:
		return binary.LittleEndian.AppendUint32(nil, math.Float32bits(*a.F32))
	case a.Fill == "none":
		return nil
	}
	b := make([]byte, a.N*a.ElemSize())
	seed := uint32(12345)
	for i := 0; i < a.N; i++ {
		var v float64
		switch a.Fill {
		case "sin":
			v = math.Sin(2 * math.Pi * float64(i) / float64(a.N))
		case "rand", "head":
			seed = seed*1664525 + 1013904223
			v = float64(seed>>8) / (1 << 24)
		case "iota":
			v = float64(i)
		}
		switch a.Buf {
		case "f32":
			binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(float32(v)))
		case "i32":
			binary.LittleEndian.PutUint32(b[4*i:], uint32(int32(v*1000)))
		default:
			b[i] = byte(v * 255)
		}
	}
	return b
}
