package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
)

// culab patch 65: a struct embedding a compiled type whose methods have
// pointer receivers (bytes.Buffer, sync.Mutex) implements an interface
// through a pointer; a writer's own WriteString is what io.WriteString
// calls.

type logger struct {
	bytes.Buffer
	lines int
}

func (l *logger) log(s string) {
	l.lines++
	fmt.Fprintln(l, s)
}

type guarded struct {
	sync.Mutex
	n int
}

type shout struct{ strings.Builder }

func (s *shout) WriteString(x string) (int, error) {
	return s.Builder.WriteString(strings.ToUpper(x))
}

func main() {
	l := &logger{}
	l.log("a")
	l.log("b")
	var w io.Writer = l
	io.WriteString(w, "c\n")
	fmt.Print(l.String())
	fmt.Println(l.lines, l.Len())
	var lk sync.Locker = &guarded{}
	lk.Lock()
	lk.Unlock()
	fmt.Println("locked and unlocked")
	var s shout
	io.WriteString(&s, "quiet ")
	s.Write([]byte("raw"))
	fmt.Println(s.String())
}

// Output:
// a
// b
// c
// 2 6
// locked and unlocked
// QUIET raw
