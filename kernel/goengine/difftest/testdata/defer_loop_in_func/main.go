package main

import (
	"fmt"
	"strings"
)

type resource struct{ name string }

func open(name string, log *[]string) *resource {
	*log = append(*log, "open "+name)
	return &resource{name}
}

func (r *resource) Close(log *[]string) { *log = append(*log, "close "+r.name) }

func process(names []string) []string {
	var log []string
	for _, n := range names {
		r := open(n, &log)
		defer r.Close(&log)
	}
	log = append(log, "work")
	return log
}

func main() {
	var log []string
	func() {
		for _, n := range []string{"a", "b", "c"} {
			r := open(n, &log)
			defer r.Close(&log)
		}
		log = append(log, "work")
	}()
	fmt.Println(strings.Join(log, ", "))
	fmt.Println(strings.Join(process([]string{"x", "y"}), ", "))
}
