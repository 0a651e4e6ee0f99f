package main

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

type lineCounter struct {
	lines, words int
}

func (c *lineCounter) Write(p []byte) (int, error) {
	c.lines += strings.Count(string(p), "\n")
	c.words += len(strings.Fields(string(p)))
	return len(p), nil
}

func main() {
	dir, err := os.MkdirTemp("", "culab-difftest-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	p := filepath.Join(dir, "notes.txt")
	err = os.WriteFile(p, []byte("alpha beta\ngamma\n\ndelta epsilon zeta\n"), 0o644)
	fmt.Println(err)
	f, err := os.Open(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		fmt.Printf("%d: %q\n", n, sc.Text())
	}
	f.Close()
	af, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	w := bufio.NewWriter(af)
	fmt.Fprintf(w, "eta %d\n", 7)
	w.Flush()
	af.Close()
	data, _ := os.ReadFile(p)
	var lc lineCounter
	fmt.Fprint(&lc, string(data))
	fmt.Println(lc.lines, lc.words)
	os.MkdirAll(filepath.Join(dir, "sub", "deep"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "a.go"), nil, 0o644)
	os.WriteFile(filepath.Join(dir, "sub", "deep", "b.go"), []byte("x"), 0o644)
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(dir, path)
		fmt.Println(rel, d.IsDir())
		return nil
	})
	_, err = os.Stat(filepath.Join(dir, "missing"))
	fmt.Println(errors.Is(err, fs.ErrNotExist), os.IsNotExist(err))
	entries, _ := os.ReadDir(filepath.Join(dir, "sub"))
	for _, e := range entries {
		info, _ := e.Info()
		fmt.Println(e.Name(), e.IsDir(), info.Size())
	}
}
