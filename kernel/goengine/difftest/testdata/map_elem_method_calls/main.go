package main

import (
	"fmt"
	"sort"
)

type counter struct{ hits int }

func (c counter) report() string { return fmt.Sprint("hits=", c.hits) }
func (c *counter) hit()          { c.hits++ }

func main() {
	byVal := map[string]counter{"a": {1}}
	fmt.Println(byVal["a"].report(), byVal["missing"].report())
	c := byVal["a"]
	c.hit()
	byVal["a"] = c
	fmt.Println(byVal["a"].hits)
	byPtr := map[string]*counter{"a": {1}, "b": {5}}
	byPtr["a"].hit()
	byPtr["b"].hit()
	byPtr["b"].hit()
	keys := make([]string, 0)
	for k := range byPtr {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Println(k, byPtr[k].report())
	}
	sl := []counter{{0}, {10}}
	sl[1].hit()
	for i := range sl {
		sl[i].hit()
	}
	fmt.Println(sl)
	arr := [2]counter{}
	arr[0].hit()
	fmt.Println(arr)
}
