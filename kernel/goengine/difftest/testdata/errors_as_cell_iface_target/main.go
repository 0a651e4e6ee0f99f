package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

type coder interface{ Code() int }

type httpErr struct {
	code int
	msg  string
}

func (e *httpErr) Error() string { return fmt.Sprintf("%d %s", e.code, e.msg) }
func (e *httpErr) Code() int     { return e.code }

type temporary interface{ Temporary() bool }

type netErr struct{}

func (netErr) Error() string   { return "net" }
func (netErr) Temporary() bool { return true }

var errStop = errors.New("stop")

func main() {
	err := fmt.Errorf("fetch: %w", &httpErr{404, "not found"})
	var c coder
	if errors.As(err, &c) {
		fmt.Println("code", c.Code())
	}
	var t temporary
	fmt.Println(errors.As(err, &t))
	j := errors.Join(errors.New("a"), netErr{})
	fmt.Println(errors.As(j, &t), t != nil && t.Temporary())
	dir, _ := os.MkdirTemp("", "walk")
	defer os.RemoveAll(dir)
	for _, n := range []string{"a.txt", "b.txt", "c.txt"} {
		os.WriteFile(filepath.Join(dir, n), []byte(n), 0o644)
	}
	var seen []string
	werr := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if d.IsDir() {
			return nil
		}
		seen = append(seen, d.Name())
		if d.Name() == "b.txt" {
			return &httpErr{500, "walk"}
		}
		return nil
	})
	fmt.Println(seen, werr)
	var he *httpErr
	fmt.Println(errors.As(werr, &he), he.code)
	werr = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if d.Name() == "a.txt" {
			return fs.SkipAll
		}
		return nil
	})
	fmt.Println(werr)
	fmt.Println(errors.Is(fmt.Errorf("x: %w", errStop), errStop))
}
