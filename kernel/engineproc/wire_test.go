package engineproc

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
)

// The kernel reads the engine's answer to hello: its own version passes;
// another version, or an older engine's refusal, is an error naming both
// sides.
func TestCheckHello(t *testing.T) {
	if err := checkHello([]byte(fmt.Sprintf(`{"version":%d}`, wireVersion))); err != nil {
		t.Errorf("same version: %v", err)
	}
	for answer, want := range map[string]string{
		fmt.Sprintf(`{"version":%d}`, wireVersion+1): fmt.Sprintf("the kernel speaks version %d of the engine wire, the engine process %d", wireVersion, wireVersion+1),
		`"unknown op \"hello\""`:                     fmt.Sprintf(`does not speak version %d of the engine wire (it answered "unknown op \"hello\"")`, wireVersion),
		`[1]`:                                        "answered hello with [1]",
	} {
		if err := checkHello([]byte(answer)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("answer %s: %v, want %q", answer, err, want)
		}
	}
}

// An engine process started by a kernel of another wire version (no hello
// first) answers with both versions, serves nothing and ends.
func TestServeRefusesAnotherVersion(t *testing.T) {
	reqR, reqW := io.Pipe()
	evR, evW := io.Pipe()
	served := make(chan error, 1)
	eng := &counter{}
	go func() {
		served <- Serve(eng, reqR, evW, [2]*os.File{}, "token")
		evW.Close()
	}()
	go newSender(reqW).send(request{ID: 1, Op: "info"}) // an older kernel's first request
	e, err := newReceiver(evR).event()
	if err != nil {
		t.Fatal(err)
	}
	var words string
	want := fmt.Sprintf("the kernel speaks version 0 of the engine wire, the engine process %d", wireVersion)
	if e.Kind != "reply" || e.ID != 1 || json.Unmarshal(e.Reply, &words) != nil || !strings.Contains(words, want) {
		t.Errorf("answer %+v (%s), want a reply saying %q", e, e.Reply, want)
	}
	if err := <-served; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Serve: %v", err)
	}
	if eng.n != 0 {
		t.Errorf("%d cells ran", eng.n)
	}
}

// Bytes that are no frame are an error at once, never a wait for the
// gigabytes their header would claim (a cell wrote into the engine's event
// pipe, and the kernel hung).
func TestReceiverRefusesCorruptFrames(t *testing.T) {
	for name, raw := range map[string]string{
		"text":                  "garbage, not a frame\n",
		"a JSON frame of 4 GiB": "j\xff\xff\xff\xff{",
		"JSON that is none":     "j\x00\x00\x00\x03abc",
	} {
		_, err := newReceiver(strings.NewReader(raw)).event()
		if !errors.Is(err, errCorrupt) {
			t.Errorf("%s: %v, want errCorrupt", name, err)
		}
	}
}
