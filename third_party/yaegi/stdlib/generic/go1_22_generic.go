//go:build go1.22
// +build go1.22

package generic

import _ "embed"

//go:embed go1_22_cmp_cmp.go.txt
var cmpSource string

//go:embed culab_iter.go.txt
var iterSource string

//go:embed culab_maps.go.txt
var mapsSource string

//go:embed go1_22_slices_slices.go.txt
var slicesSource string

//go:embed culab_slices.go.txt
var culabSlicesSource string

//go:embed culab_sync.go.txt
var syncSource string

//go:embed culab_atomic.go.txt
var atomicSource string

//go:embed culab_errors.go.txt
var errorsSource string

//go:embed culab_randv2.go.txt
var randSource string

//go:embed culab_unique.go.txt
var uniqueSource string

//go:embed culab_reflect.go.txt
var reflectSource string

// Sources contains the list of generic packages source strings, a
// package before those that import it (culab patch 17: iter, maps and
// the rest of slices are culab's; sync's, patch 29; errors' and
// math/rand/v2's, patch 96; unique, patch 101; reflect's, patch 106).
var Sources = [...]string{
	cmpSource,
	iterSource,
	mapsSource,
	slicesSource,
	culabSlicesSource,
	syncSource,
	atomicSource,
	errorsSource,
	randSource,
	uniqueSource,
	reflectSource,
}

// Paths gives the import path of a package of Sources whose path is not
// its name (culab patch 80; math/rand/v2's, patch 96).
var Paths = map[string]string{"atomic": "sync/atomic", "rand": "math/rand/v2"}
