package goengine

import (
	"context"
	"io"
	"os"
	osexec "os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/culab/culab/kernel"
	"github.com/culab/culab/kernel/engineproc"
)

// The test binary is a Go engine in engineproc's child process, as
// cmd/culab's "engine" command, when this variable is set.
const engineChildEnv = "CULAB_GOENGINE_TEST_ENGINE"

func TestMain(m *testing.M) {
	if os.Getenv(engineChildEnv) != "" {
		err := engineproc.RunChild(func(pipes [2]*os.File) (kernel.Engine, error) {
			return New(Options{CaptureFD: true, Pipes: &pipes})
		})
		if err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// concurrentMapWrites is a cell whose goroutines write one map without a
// lock until the runtime sees it. Each write compares a 1 MiB key while
// the map is flagged as being written, so a write is inside the runtime's
// check half of the time, and with more Ps than CPUs the system switches
// threads there too: the runtime has always caught it within a second.
// The loop is bounded (time.Since), so a run that never trips ends. The
// writes go through reflect, compiled code: the interpreter's own map
// operations hold a lock (yaegi patch 144), and race instead.
const concurrentMapWrites = `import (
	"fmt"
	"reflect"
	"runtime"
	"sync"
	"time"
)

fmt.Println("printed first")
runtime.GOMAXPROCS(8)
m := reflect.ValueOf(map[[1 << 20]byte]int{})
var wg sync.WaitGroup
start := time.Now()
for g := 0; g < 8; g++ {
	wg.Add(1)
	go func(g int) {
		defer wg.Done()
		var k [1 << 20]byte
		k[0] = byte(g)
		kv := reflect.ValueOf(k)
		for i := 0; time.Since(start) < 20*time.Second; i++ {
			m.SetMapIndex(kv, reflect.ValueOf(i))
		}
	}(g)
}
wg.Wait()
fmt.Println("not caught")`

// A cell with concurrent map writes ends the engine's process, as it ends
// a compiled program: the cell fails with the runtime's words, what it
// printed before arrives, and the next cell runs in a fresh engine that
// has lost the variables.
func TestConcurrentMapWritesRestartTheEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	s, err := engineproc.Start(engineproc.Config{Command: func() *osexec.Cmd {
		cmd := osexec.Command(self)
		cmd.Env = append(os.Environ(), engineChildEnv+"=1")
		return cmd
	}, Log: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Shutdown(false); err != nil {
			t.Error(err)
		}
	})
	run := func(code string) (*recorder, kernel.ExecuteReply) {
		r := &recorder{}
		return r, s.Execute(context.Background(), kernel.ExecuteRequest{Code: code}, r)
	}
	if _, rep := run("keep := 42"); rep.Error != nil {
		t.Fatalf("first cell: %+v", rep.Error)
	}
	r, rep := run(concurrentMapWrites)
	if !strings.HasPrefix(r.text("stdout"), "printed first\n") {
		t.Errorf("stdout before the crash: %q", r.text("stdout"))
	}
	if rep.Error == nil && r.text("stdout") == "printed first\nnot caught\n" {
		t.Log("the runtime did not catch the concurrent writes in 20 s")
		return
	}
	// Which check fires varies: two writes, or a write's end flag that the
	// other toggled ("concurrent map writes" both); a read racing a write
	// is worded by the supervisor from the dump.
	why := `concurrent map (writes|access \(.*\))`
	if raceBuild {
		// Under the race detector the engine may die of its report of the
		// same writes before the runtime's check fires.
		why = `(` + why + `|WARNING: DATA RACE)`
	}
	want := regexp.MustCompile(`^the Go engine crashed: fatal error: ` + why + ` — its variables are lost; the engine was restarted$`)
	if rep.Error == nil || rep.Error.Name != "EngineCrashed" || !want.MatchString(rep.Error.Value) {
		t.Fatalf("cell with concurrent map writes: %+v\nstdout %q\nstderr %q", rep.Error, r.text("stdout"), r.text("stderr"))
	}
	if _, rep := run("keep"); rep.Error == nil || !strings.Contains(rep.Error.Value, "keep") {
		t.Errorf("keep after the crash: %+v (want undefined, in a fresh engine)", rep.Error)
	}
	if r, rep := run("1 + 1"); rep.Error != nil || r.result() != "2" {
		t.Errorf("1 + 1 after the crash: %+v %q", rep.Error, r.result())
	}
}
