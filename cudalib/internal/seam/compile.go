package seam

import (
	"errors"
	"sync"

	"github.com/culab/culab/cudalib/internal/compileproc"
	"github.com/culab/culab/cudalib/nvrtc"
)

// CompileCache is NVRTC's cache, shared by every device of the process
// (both backends that compile in it, and cudalib.CheckSource): in memory,
// and on disk under $XDG_CACHE_HOME/culab. Its misses compile in a child
// process where the program asked for one (compileproc.Use).
var CompileCache = sync.OnceValue(func() *nvrtc.Cache {
	return nvrtc.NewCache(nvrtc.DefaultCacheDir(), compileproc.Compile)
})

// CompileErr converts NVRTC's structured error into the user API's.
func CompileErr(err error) error {
	var ce *nvrtc.CompileError
	if !errors.As(err, &ce) {
		return err
	}
	out := &CompileError{Name: ce.Name, Log: ce.Log}
	for _, d := range ce.Diagnostics {
		out.Diagnostics = append(out.Diagnostics, Diagnostic(d))
	}
	return out
}
