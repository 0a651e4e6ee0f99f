package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log"
	"os"
	"sort"
	"strings"
	"sync"
)

type reverse struct{ sort.Interface }

func (r reverse) Less(i, j int) bool { return r.Interface.Less(j, i) }

type byLen []string

func (b byLen) Len() int           { return len(b) }
func (b byLen) Less(i, j int) bool { return len(b[i]) < len(b[j]) }
func (b byLen) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

type cache struct {
	sync.RWMutex
	data map[string]int
}

func (c *cache) get(k string) (int, bool) {
	c.RLock()
	defer c.RUnlock()
	v, ok := c.data[k]
	return v, ok
}

type source struct {
	*strings.Reader
	name string
}

type app struct {
	*log.Logger
	name string
}

type valueCtx struct {
	context.Context
	extra string
}

func (v valueCtx) Value(key any) any {
	if key == "extra" {
		return v.extra
	}
	return v.Context.Value(key)
}

type upperWriter struct {
	*bufio.Writer
}

func main() {
	xs := []int{3, 1, 2}
	sort.Sort(reverse{sort.IntSlice(xs)})
	fmt.Println(xs)
	ws := byLen{"ccc", "a", "bb"}
	sort.Sort(reverse{ws})
	fmt.Println(ws)
	c := &cache{data: map[string]int{"a": 1}}
	fmt.Println(c.get("a"))
	src := source{strings.NewReader("line1\nline2\n"), "mem"}
	b, _ := io.ReadAll(src)
	fmt.Printf("%q %s\n", b, src.name)
	a := app{log.New(os.Stdout, "[app] ", 0), "demo"}
	a.Printf("started %s", a.name)
	a.Println("done")
	ctx := valueCtx{context.WithValue(context.Background(), "k", "v"), "more"}
	var cx context.Context = ctx
	fmt.Println(cx.Value("k"), cx.Value("extra"), cx.Err())
	uw := upperWriter{bufio.NewWriter(os.Stdout)}
	fmt.Fprintf(uw, "buffered %d\n", 1)
	uw.WriteString("more\n")
	uw.Flush()
}
