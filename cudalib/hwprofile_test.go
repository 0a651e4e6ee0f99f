package cudalib

import (
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/internal/worker"
	"github.com/culab/culab/cudalib/ncu"
)

// profiledWorkers makes HardwareProfile start this test binary as its
// worker under ncu (TestMain serves it).
func profiledWorkers(t *testing.T) {
	t.Helper()
	t.Setenv("CULAB_TEST_GPU_WORKER", "1")
	workerMu.Lock()
	prev := workerArgs
	workerArgs = []string{"-test.run=^$"}
	workerMu.Unlock()
	t.Cleanup(func() {
		workerMu.Lock()
		workerArgs = prev
		workerMu.Unlock()
	})
}

// fakeNCU puts an ncu on PATH that answers --version, answers
// --query-metrics with query (or, where query is "", prints log and
// fails), and otherwise writes log to its --log-file and fails, as ncu
// does where it cannot profile.
func fakeNCU(t *testing.T, query, log string) {
	t.Helper()
	dir := t.TempDir()
	script := `#!/bin/sh
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --version) echo "Version 2025.3.1.0 (build 1) (public-release)"; exit 0;;
    --query-metrics)
      if [ -n "$QUERY" ]; then echo "$QUERY"; exit 0; fi
      cat <<'EOF'
` + log + `EOF
      exit 1;;
    --log-file) out=$2; shift;;
  esac
  shift
done
cat >"$out" <<'EOF'
` + log + `EOF
exit 1
`
	if err := os.WriteFile(filepath.Join(dir, "ncu"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("QUERY", query)
	forget := func() {
		hwMetricsMu.Lock()
		hwMetrics = nil
		hwMetricsMu.Unlock()
	}
	forget()          // the fake's own answer, not an earlier ncu's
	t.Cleanup(forget) // nor the fake's for the real ncu after it
}

func TestHardwareProfileErrors(t *testing.T) {
	// The virtual GPU has no counters to read.
	vd, err := OpenVirtual()
	if err != nil {
		t.Fatal(err)
	}
	vm, err := vd.Compile(`extern "C" __global__ void k(float* a) { a[threadIdx.x] = 1; }`)
	if err != nil {
		t.Skip("no NVRTC:", err)
	}
	vk, err := vm.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	a, err := vd.Float32s(32)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := vk.HardwareProfile(Linear(32, 32), a); err == nil || !strings.Contains(err.Error(), "hardware counters need a GPU") {
		t.Errorf("virtual GPU: %v", err)
	}
}

const permLog = "==PROF== Connected to process 1 (/tmp/x)\n" +
	"==ERROR== ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance Counters on the target device 0. " +
	"For instructions on enabling permissions and to get more information see https://developer.nvidia.com/ERR_NVGPUCTRPERM\n"

// TestHardwareProfilePermission runs the whole path up to ncu with a
// fake GPU and an ncu that reports ERR_NVGPUCTRPERM, when asked for its
// metrics or (where the query passes) when profiling: the worker never
// connects. Either way the error says what to do.
func TestHardwareProfilePermission(t *testing.T) {
	profiledWorkers(t)
	d, _, _ := fakeWorkerDevice(t)
	m, err := d.Compile(testSrc)
	if err != nil {
		t.Fatal(err)
	}
	k, err := m.Kernel("vadd")
	if err != nil {
		t.Fatal(err)
	}
	a, err := d.Float32s(3)
	if err != nil {
		t.Fatal(err)
	}
	for _, query := range []string{"", "smsp__inst_executed   # of warp instructions executed"} {
		fakeNCU(t, query, permLog)
		_, err = k.HardwareProfile(Linear(3, 32), a, a, a, 3)
		var e *ncu.Error
		if !errors.As(err, &e) || e.Code != ncu.CodePermission {
			t.Fatalf("query %q: got %v, want ERR_NVGPUCTRPERM", query, err)
		}
		for _, want := range []string{"vadd", "sudo", "NVreg_RestrictProfilingToAdminUsers=0", ncu.PermissionDocs} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("query %q: error lacks %q: %v", query, want, err)
			}
		}
	}
	// A launch the kernel cannot take is refused before ncu starts.
	if _, err := k.HardwareProfile(Linear(3, 32), a); err == nil || !strings.Contains(err.Error(), "arguments") {
		t.Errorf("bad arguments: %v", err)
	}
}

func TestHardwareProfileNoNCU(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if _, err := ncu.Find(); err == nil {
		t.Skip("ncu is installed outside PATH here")
	}
	d, _, _ := fakeWorkerDevice(t)
	m, err := d.Compile(testSrc)
	if err != nil {
		t.Fatal(err)
	}
	k, err := m.Kernel("plain")
	if err != nil {
		t.Fatal(err)
	}
	_, err = k.HardwareProfile(Linear(1, 1))
	var e *ncu.Error
	if !errors.As(err, &e) || e.Code != ncu.CodeNotFound || !strings.Contains(err.Error(), "put ncu on PATH") {
		t.Errorf("got %v, want no ncu", err)
	}
}

// TestWorkerSocket: a worker given $CULAB_WORKER_SOCKET serves over it,
// not over its stdin and stdout (without a GPU it says why over the
// socket).
func TestWorkerSocket(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "s")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	t.Setenv(worker.EnvSocket, sock)
	served := make(chan error, 1)
	go func() { served <- ServeWorker(strings.NewReader(""), io.Discard) }()
	p, err := worker.Dial(0, func() (io.WriteCloser, io.ReadCloser, func() error, error) {
		c, err := ln.Accept()
		if err != nil {
			return nil, nil, nil, err
		}
		return c, c, c.Close, nil
	}, nil)
	switch {
	case err == nil: // a GPU here: the worker opened it
		p.Close()
	case strings.Contains(err.Error(), "did not answer"):
		t.Errorf("open over the socket: %v, want the worker's reason for no GPU", err)
	}
	if err := <-served; err != nil {
		t.Errorf("worker: %v", err)
	}
}

func TestCounterSupportString(t *testing.T) {
	for _, c := range []struct {
		s    CounterSupport
		ok   bool
		want string
	}{
		{CounterSupport{Err: &ncu.Error{Code: ncu.CodeNotFound, Msg: "ncu is not on PATH", Fix: "install Nsight Compute"}}, false, "no: ncu is not on PATH"},
		{CounterSupport{NCU: "/usr/bin/ncu", Version: "2025.3.1.0", Access: ncu.Access{Known: true, Allowed: true, Why: "every user"}}, true, "ncu 2025.3.1.0 (/usr/bin/ncu); every user"},
		{CounterSupport{NCU: "/usr/bin/ncu", Version: "2025.3.1.0", Access: ncu.Access{Known: true, Why: "admin only"}}, false, "no: ncu 2025.3.1.0 (/usr/bin/ncu) is there, but admin only"},
		{CounterSupport{NCU: "/usr/bin/ncu", Version: "2025.3.1.0", Access: ncu.Access{Why: "cannot tell"}}, true, "cannot tell"},
	} {
		if got := c.s.String(); !strings.HasPrefix(got, c.want) && !strings.HasSuffix(got, c.want) || c.s.Available() != c.ok {
			t.Errorf("%q (available %v), want %q (%v)", got, c.s.Available(), c.want, c.ok)
		}
	}
}

const stridedSrc = `
extern "C" __global__ void strided_copy(float* out, const float* in, int n, int stride) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[(long long)i * stride];
}
`

// TestGPUHardwareProfileStrided measures a strided load with ncu on the
// GPU: 4 sectors per request at stride 1, 32 (a sector per lane) at
// stride 8, the same as the virtual GPU counts. It needs a GPU, ncu and
// counter access (the skip says which is missing). On a GPU machine
// without Go, build here and run there from the repository root:
//
//	CGO_ENABLED=0 go test -c -o .cudabin/cudalib-hw.test ./cudalib
//	CULAB_NCU_KEEP=$OUT .cudabin/cudalib-hw.test -test.run 'HardwareProfile|CounterSupport' -test.v
//
// CULAB_NCU_KEEP keeps what ncu printed (ncu.log, raw.csv, source.csv)
// per profile: recorded samples for cudalib/ncu's tests.
func TestGPUHardwareProfileStrided(t *testing.T) {
	d := openGPU(t)
	hc := HardwareCounters()
	if !hc.Available() {
		t.Skip("no hardware counters: " + hc.String())
	}
	profiledWorkers(t)
	m, err := d.Compile(stridedSrc)
	if err != nil {
		t.Fatal(err)
	}
	k, err := m.Kernel("strided_copy")
	if err != nil {
		t.Fatal(err)
	}
	const n = 4096
	in, err := d.Float32s(8 * n)
	if err != nil {
		t.Fatal(err)
	}
	out, err := d.Float32s(n)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ stride, perRequest int64 }{{1, 4}, {8, 32}} {
		p, err := k.HardwareProfile(Linear(n, 256), out, in, n, int(c.stride))
		if err != nil {
			t.Fatal(err)
		}
		hw := p.Counters
		t.Logf("stride %d on %s (ncu %s): %d load requests, %d sectors; %d store requests, %d sectors; %d source lines (%v)",
			c.stride, p.Device, p.NCU, hw.GlobalLoadRequests, hw.GlobalLoadSectors, hw.GlobalStoreRequests, hw.GlobalStoreSectors, len(p.Lines), p.LinesErr)
		warps := int64(n / 32)
		if hw.GlobalLoadRequests != warps || hw.GlobalLoadSectors != c.perRequest*warps {
			t.Errorf("stride %d: %d load requests of %d sectors, want %d of %d each", c.stride,
				hw.GlobalLoadRequests, hw.GlobalLoadSectors, warps, c.perRequest)
		}
		if hw.GlobalStoreRequests != warps || hw.GlobalStoreSectors != 4*warps {
			t.Errorf("stride %d: %d store requests, %d sectors, want %d and %d", c.stride, hw.GlobalStoreRequests, hw.GlobalStoreSectors, warps, 4*warps)
		}
		if hw.Threads != n || len(p.Metrics) == 0 {
			t.Errorf("stride %d: %d threads, %d metrics", c.stride, hw.Threads, len(p.Metrics))
		}
		vp, err := k.Profile(Linear(n, 256), out, in, n, int(c.stride))
		if err != nil {
			t.Fatal(err)
		}
		if v := vp.Total; v.GlobalLoadSectors != hw.GlobalLoadSectors || v.GlobalLoadRequests != hw.GlobalLoadRequests {
			t.Errorf("stride %d: virtual GPU %d requests, %d sectors; ncu %d, %d", c.stride,
				v.GlobalLoadRequests, v.GlobalLoadSectors, hw.GlobalLoadRequests, hw.GlobalLoadSectors)
		}
	}
}
