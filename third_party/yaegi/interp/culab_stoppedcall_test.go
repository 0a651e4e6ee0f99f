package interp_test

import (
	"context"
	"io"
	"reflect"
	"testing"
	"time"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// culab patch 120: an interpreted method that compiled code calls in a
// loop (io.Copy of an endless Reader) panics with ErrStopped once the
// interpreter is stopped: it returned zero values, and the copy ran on
// for good, deaf to the stop.
func TestStoppedCallEndsCompiledLoop(t *testing.T) {
	i := interp.New(interp.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	ended := make(chan any, 1)
	started := make(chan struct{}, 1)
	err := i.Use(interp.Exports{"probe/probe": {
		"Drain": reflect.ValueOf(func(r io.Reader) {
			defer func() { ended <- recover() }()
			_, _ = io.Copy(io.Discard, r)
		}),
		"Started": reflect.ValueOf(func() {
			select {
			case started <- struct{}{}:
			default:
			}
		}),
	}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval("import \"probe\"\ntype endless struct{}\nfunc (endless) Read(p []byte) (int, error) {\n\tprobe.Started()\n\treturn len(p), nil\n}"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { _, _ = i.EvalWithContext(ctx, "probe.Drain(endless{})") }()
	<-started
	cancel()
	select {
	case v := <-ended:
		if v != interp.ErrStopped {
			t.Errorf("the copy ended with %v, want ErrStopped", v)
		}
	case <-time.After(time.Minute):
		t.Fatal("the copy ran on after the stop")
	}
}
