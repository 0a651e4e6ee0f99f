// Command kernelrun runs a notebook's code cells through the Jupyter
// protocol on a kernel that it starts with a command line, so that a tool
// can wrap the kernel as a Jupyter server would start it: NVIDIA's
// profiler and checker on `culab kernel` (issue 19), on a GPU machine
// without Jupyter.
//
//	kernelrun NOTEBOOK ncu --target-processes all -o prof culab kernel -f {conn}
//
// {conn} in the command becomes the connection file's path. kernelrun
// prints each cell's text output and errors, asks the kernel to shut down,
// and waits for the command to end (a profiler writes its report then). It
// exits with 1 when a cell failed or the command did.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/culab/culab/kernel"
	"github.com/culab/culab/kernel/kerneltest"
	"github.com/culab/culab/kernel/nbrun"
)

func main() {
	timeout := flag.Duration("timeout", 5*time.Minute, "limit for each cell, and for the command's end after shutdown")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: kernelrun [-timeout D] NOTEBOOK COMMAND... ({conn} in COMMAND: the connection file)")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() < 2 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(flag.Arg(0), flag.Args()[1:], *timeout, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "kernelrun:", err)
		os.Exit(1)
	}
}

func run(path string, command []string, timeout time.Duration, w io.Writer) error {
	nb, err := nbrun.Read(path)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "kernelrun")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	conn, err := kerneltest.LocalConnection("kernelrun")
	if err != nil {
		return err
	}
	connFile := filepath.Join(dir, "conn.json")
	if err := kerneltest.WriteConnection(connFile, conn); err != nil {
		return err
	}
	args := make([]string, len(command))
	for i, a := range command {
		args[i] = strings.ReplaceAll(a, "{conn}", connFile)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdout, cmd.Stderr = w, os.Stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	cellErr := cells(nb, conn, timeout, w)
	select {
	case err = <-exited:
	case <-time.After(timeout):
		cmd.Process.Kill()
		err = fmt.Errorf("%s did not end %v after the kernel's shutdown: killed", args[0], timeout)
		<-exited
	}
	if err != nil {
		err = fmt.Errorf("%s: %w", args[0], err)
	}
	return errors.Join(cellErr, err)
}

// cells runs nb's code cells on the kernel of conn, printing what they
// show, and shuts the kernel down.
func cells(nb *nbrun.Notebook, conn kernel.ConnectionInfo, timeout time.Duration, w io.Writer) error {
	c, err := kerneltest.Dial(conn)
	if err != nil {
		return fmt.Errorf("the kernel did not answer: %w", err)
	}
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := c.WaitReady(ctx); err != nil {
		return fmt.Errorf("the kernel did not answer: %w", err)
	}
	var failed error
	for i, cell := range nb.Cells {
		if cell.CellType != "code" {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		rep, pubs, err := c.Execute(ctx, map[string]any{"code": string(cell.Source), "silent": false, "store_history": true})
		cancel()
		if err != nil {
			return fmt.Errorf("cell %d: %w", i+1, err)
		}
		fmt.Fprintf(w, "-- cell %d: %v\n", i+1, rep.Content["status"])
		for _, m := range pubs {
			show(w, m)
		}
		if rep.Content["status"] != "ok" && failed == nil {
			failed = fmt.Errorf("cell %d: %v: %v", i+1, rep.Content["ename"], rep.Content["evalue"])
		}
	}
	_, err = c.Request(ctx, kerneltest.Control, "shutdown_request", map[string]any{"restart": false})
	return errors.Join(failed, err)
}

// show prints a broadcast's text: streams, errors, and the plain text of
// results and displays.
func show(w io.Writer, m kerneltest.Message) {
	switch m.Header.MsgType {
	case "stream":
		fmt.Fprint(w, m.Content["text"])
	case "error":
		fmt.Fprintf(w, "%v: %v\n", m.Content["ename"], m.Content["evalue"])
	case "execute_result", "display_data":
		if d, ok := m.Content["data"].(map[string]any); ok {
			fmt.Fprintln(w, d["text/plain"])
		}
	}
}
