package main

import (
	"fmt"
	"strings"
)

type Logger interface{ Log(string) }

type prefixLog struct {
	prefix string
	lines  []string
}

func (p *prefixLog) Log(s string) { p.lines = append(p.lines, p.prefix+s) }

type Service struct {
	Logger
	name string
}

type Node struct {
	*prefixLog
	id int
}

func main() {
	pl := &prefixLog{prefix: "> "}
	s := Service{Logger: pl, name: "svc"}
	s.Log("started " + s.name)
	n := Node{pl, 7}
	n.Log(fmt.Sprint("node ", n.id))
	fmt.Println(strings.Join(pl.lines, "\n"))
	fmt.Println(len(n.lines))
}
