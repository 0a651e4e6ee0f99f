package kernel_test

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/culab/culab/kernel"
	"github.com/culab/culab/kernel/kerneltest"
)

// freePorts finds n distinct free TCP ports on 127.0.0.1, for Serve,
// which (like a kernel started by Jupyter) binds the ports it is given.
func freePorts(t *testing.T, n int) []int {
	t.Helper()
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close() // held until all are picked, so they differ
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports
}

// Serve turns SIGINT into an interrupt of the running cell (Jupyter's
// interrupt_mode "signal") instead of letting it kill the process.
func TestServeInterruptsOnSIGINT(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	p := freePorts(t, 5)
	conn := kernel.ConnectionInfo{
		IP: "127.0.0.1", Key: "secret", SignatureScheme: "hmac-sha256",
		ShellPort: p[0], IOPubPort: p[1], StdinPort: p[2], ControlPort: p[3], HBPort: p[4],
	}
	eng := newFakeEngine()
	done := make(chan error, 1)
	go func() {
		done <- kernel.Serve(ctx, conn, eng, kernel.Options{Log: &syncBuffer{}, HistoryDir: t.TempDir()})
	}()
	c, err := kerneltest.Dial(conn)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	// Serve catches SIGINT before it binds: answering means it is caught.
	if err := c.WaitReady(ctx); err != nil {
		t.Fatal(err)
	}
	id, err := c.Send(kerneltest.Shell, "execute_request", map[string]any{"code": "block"})
	if err != nil {
		t.Fatal(err)
	}
	<-eng.started
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	rep, err := c.Reply(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "interrupted", rep.Content["evalue"], kernel.ErrInterrupted.Error())
	if _, err := c.Request(ctx, kerneltest.Control, "shutdown_request", map[string]any{"restart": false}); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestNewRejectsBadConnections(t *testing.T) {
	eng := newFakeEngine()
	for name, c := range map[string]kernel.ConnectionInfo{
		"scheme":    {SignatureScheme: "hmac-md5", Key: "k"},
		"transport": {Transport: "udp"},
		"port":      {ShellPort: 70000},
		"ipc zero":  {Transport: "ipc", IP: filepath.Join(t.TempDir(), "k")},
	} {
		if k, err := kernel.New(c, eng, kernel.Options{Log: &syncBuffer{}, HistoryDir: t.TempDir()}); err == nil {
			k.Close()
			t.Errorf("%s: New accepted %+v", name, c)
		}
	}
	if _, err := kernel.New(kernel.ConnectionInfo{}, nil, kernel.Options{}); err == nil {
		t.Error("New accepted a nil engine")
	}

	// A port already taken is reported, not panicked on.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	taken := kernel.ConnectionInfo{IP: "127.0.0.1", HBPort: l.Addr().(*net.TCPAddr).Port}
	if k, err := kernel.New(taken, eng, kernel.Options{Log: &syncBuffer{}, HistoryDir: t.TempDir()}); err == nil {
		k.Close()
		t.Error("New bound a port in use")
	} else if !strings.Contains(err.Error(), "heartbeat") {
		t.Errorf("error %q does not name the channel", err)
	}
}

func TestLoadConnectionFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, v any) string {
		p := filepath.Join(dir, name)
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// As jupyter_client writes it.
	p := write("kernel-1.json", map[string]any{
		"shell_port": 53794, "iopub_port": 53795, "stdin_port": 53796, "control_port": 53797, "hb_port": 53798,
		"ip": "127.0.0.1", "key": "a0436f6c-1916-498b-8eb9-e81ab9368e84", "transport": "tcp",
		"signature_scheme": "hmac-sha256", "kernel_name": "culab",
	})
	c, err := kernel.LoadConnectionFile(p)
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "conn", c, kernel.ConnectionInfo{
		Transport: "tcp", IP: "127.0.0.1", ShellPort: 53794, IOPubPort: 53795, StdinPort: 53796, ControlPort: 53797, HBPort: 53798,
		Key: "a0436f6c-1916-498b-8eb9-e81ab9368e84", SignatureScheme: "hmac-sha256", KernelName: "culab",
	})

	c, err = kernel.LoadConnectionFile(write("minimal.json", map[string]any{"shell_port": 1}))
	if err != nil {
		t.Fatal(err)
	}
	equal(t, "defaults", [3]string{c.Transport, c.IP, c.SignatureScheme}, [3]string{"tcp", "127.0.0.1", "hmac-sha256"})

	for _, bad := range []string{
		write("scheme.json", map[string]any{"signature_scheme": "rot13"}),
		write("ports.json", map[string]any{"hb_port": -1}),
		write("type.json", map[string]any{"shell_port": "53794"}),
		filepath.Join(dir, "missing.json"),
	} {
		if _, err := kernel.LoadConnectionFile(bad); err == nil {
			t.Errorf("%s: no error", filepath.Base(bad))
		}
	}
	if _, err := kernel.LoadConnectionFile(filepath.Join(dir, "missing.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v, want os.ErrNotExist", err)
	}
}
