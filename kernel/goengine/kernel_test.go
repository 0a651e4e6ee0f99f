package goengine

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/culab/culab/kernel"
	"github.com/culab/culab/kernel/kerneltest"
)

// TestThroughKernel runs the engine as `culab kernel` does (fd capture on)
// behind the protocol core, driven by a Jupyter client: prints of every
// kind, a display and a result arrive on iopub in order, and an
// interrupt_request stops a busy loop.
func TestThroughKernel(t *testing.T) {
	eng, err := New(Options{CaptureFD: true})
	if err != nil {
		t.Fatal(err)
	}
	conn := kernel.ConnectionInfo{IP: "127.0.0.1", Key: "k", SignatureScheme: "hmac-sha256", KernelName: "culab"}
	k, err := kernel.New(conn, eng, kernel.Options{Log: eng.LogWriter(), HistoryDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- k.Run(runCtx) }()
	defer func() {
		stop()
		<-done
	}()
	c, err := kerneltest.Dial(k.Conn())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := c.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}

	rep, pubs, err := c.Execute(ctx, map[string]any{"code": `import "syscall"
fmt.Println("one")
syscall.Write(1, []byte("two\n"))
display.Show(display.HTML("<i>three</i>"))
fmt.Println("four")
6 * 7`})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Content["status"] != "ok" {
		t.Fatalf("reply %v", rep.Content)
	}
	var got []string
	for _, m := range pubs {
		switch m.Header.MsgType {
		case "stream":
			got = append(got, m.Content["text"].(string))
		case "display_data", "execute_result":
			got = append(got, m.Header.MsgType)
		}
	}
	if s := strings.Join(got, "|"); s != "one\ntwo\n|display_data|four\n|execute_result" {
		t.Errorf("iopub: %q", s)
	}

	id, err := c.Send(kerneltest.Shell, "execute_request", map[string]any{"code": "for {\n}"})
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	start := time.Now()
	if _, err := c.Request(ctx, kerneltest.Control, "interrupt_request", map[string]any{}); err != nil {
		t.Fatal(err)
	}
	rep, err = c.Reply(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); rep.Content["status"] != "error" || d > time.Second {
		t.Errorf("interrupted loop: %v after %v", rep.Content, d)
	}
	rep, pubs, err = c.Execute(ctx, map[string]any{"code": "1 + 1"})
	if err != nil || rep.Content["status"] != "ok" {
		t.Fatalf("after the interrupt: %v %v", rep.Content, err)
	}
	for _, m := range pubs {
		if m.Header.MsgType == "execute_result" {
			if data, _ := m.Content["data"].(map[string]any); data["text/plain"] != "2" {
				t.Errorf("1 + 1 = %v", data)
			}
		}
	}
}
