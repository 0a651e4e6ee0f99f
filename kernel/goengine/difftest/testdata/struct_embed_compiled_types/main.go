package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
)

type logger struct {
	bytes.Buffer
	prefix string
}

func (l *logger) log(s string) {
	l.WriteString(l.prefix)
	l.WriteString(s)
	l.WriteByte('\n')
}

type counter struct {
	sync.Mutex
	n int
}

type upper struct {
	strings.Builder
}

func (u *upper) WriteString(s string) (int, error) {
	return u.Builder.WriteString(strings.ToUpper(s))
}

func main() {
	l := &logger{prefix: "> "}
	l.log("one")
	l.log("two")
	fmt.Print(l.String())
	fmt.Println(l.Len())
	var w io.Writer = l
	fmt.Fprintf(w, "%d\n", 3)
	fmt.Println(strings.Count(l.String(), "\n"))
	c := counter{}
	var wg sync.WaitGroup
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Lock()
			c.n++
			c.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(c.n)
	var u upper
	u.WriteString("hi ")
	io.WriteString(&u, "there")
	fmt.Println(u.String())
}
