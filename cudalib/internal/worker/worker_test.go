package worker

import (
	"errors"
	"strings"
	"testing"

	"github.com/culab/culab/cudalib/internal/seam"
)

func TestWorkerErrorsKeepTheirType(t *testing.T) {
	for _, err := range []error{
		&seam.CompileError{Name: "k.cu", Diagnostics: []seam.Diagnostic{{Line: 3, Column: 5, Severity: "error", Message: "x"}}},
		&seam.DeviceError{Op: "cuMemAlloc_v2", Code: 2, Name: "CUDA_ERROR_OUT_OF_MEMORY", Kind: seam.KindOutOfMemory},
	} {
		back := toWerr(err).err()
		if back.Error() != err.Error() {
			t.Errorf("%v came back as %v", err, back)
		}
	}
	var de *seam.DeviceError
	if !errors.As(toWerr(&seam.DeviceError{Kind: seam.KindOutOfMemory}).err(), &de) || de.Kind != seam.KindOutOfMemory {
		t.Error("out-of-memory kind lost")
	}
	if toWerr(nil).err() != nil {
		t.Error("nil error came back non-nil")
	}
}

// A batch the worker cannot read is an error, never a crash.
func TestWorkerRejectsMalformedBatches(t *testing.T) {
	s := &server{handles: map[uint64]any{}}
	for _, data := range [][]byte{{recLaunch, 1, 2}, {99}, {recTimerStart, 1}, {recCopy, 1, 2, 3}} {
		if err := s.batch(data); !errors.Is(err, errBatch) {
			t.Errorf("batch %v: %v, want a malformed-batch error", data, err)
		}
	}
	if err := s.batch(le.AppendUint64(le.AppendUint64([]byte{recTimerStop}, 7), 0)); err == nil || !strings.Contains(err.Error(), "no timer 7") {
		t.Errorf("unknown timer: %v", err)
	}
}
