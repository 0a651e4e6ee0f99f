package main

// culab patch 69: a cell struct embedding a compiled type has its
// promoted methods for fmt (String, Error) and as an interface value.

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"
)

type logger struct {
	*bytes.Buffer
	n int
}

type note struct {
	strings.Builder
}

type timed struct {
	time.Duration
	label string
}

type failure struct {
	error
	code int
}

type stamped struct {
	*time.Time
}

func main() {
	l := logger{bytes.NewBufferString("hello"), 1}
	fmt.Println(l)
	fmt.Printf("%v|%s|%q\n", l, l, l)
	var n note
	n.WriteString("text")
	fmt.Println(&n)
	td := timed{90 * time.Second, "x"}
	fmt.Println(td, []timed{td})
	fmt.Printf("%v %d %+v\n", td, td, td)
	f := failure{errors.New("disk full"), 28}
	fmt.Println(f)
	var err error = f
	fmt.Println(err, errors.Unwrap(fmt.Errorf("w: %w", err)))
	m := map[string]timed{"a": td}
	fmt.Println(m)
	var s fmt.Stringer = td
	fmt.Println(s.String())
	var ns stamped
	fmt.Println(ns.Time == nil)
}

// Output:
// hello
// hello|hello|"hello"
// text
// 1m30s [1m30s]
// 1m30s {90000000000 %!d(string=x)} 1m30s
// disk full
// disk full disk full
// map[a:1m30s]
// 1m30s
// true
