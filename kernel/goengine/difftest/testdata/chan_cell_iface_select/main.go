package main

import (
	"fmt"
	"sort"
	"strings"
)

type event interface{ Kind() string }

type click struct{ x, y int }
type key struct{ r rune }

func (click) Kind() string   { return "click" }
func (key) Kind() string     { return "key" }
func (k key) String() string { return "key(" + string(k.r) + ")" }

func main() {
	events := make(chan event, 10)
	quit := make(chan struct{})
	events <- click{1, 2}
	events <- key{'a'}
	events <- click{3, 4}
	events <- key{'b'}
	close(quit)
	var log []string
	counts := map[string]int{}
loop:
	for {
		select {
		case e := <-events:
			counts[e.Kind()]++
			switch v := e.(type) {
			case click:
				log = append(log, fmt.Sprintf("c%d,%d", v.x, v.y))
			case fmt.Stringer:
				log = append(log, v.String())
			}
			if len(log) == 4 {
				break loop
			}
		case <-quit:
			if len(events) == 0 {
				break loop
			}
		}
	}
	fmt.Println(strings.Join(log, " "))
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Println(k, counts[k])
	}
	out := make(chan fmt.Stringer, 2)
	out <- key{'z'}
	out <- key{'y'}
	close(out)
	for s := range out {
		fmt.Print(s, " ")
	}
	fmt.Println()
}
