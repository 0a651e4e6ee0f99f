package main

import "fmt"

type config struct {
	name  string
	ports [3]int
	tags  []string
	meta  map[string]int
}

func mutate(c config) config {
	c.name = "changed"
	c.ports[0] = 9999
	c.tags[0] = "shared!"
	c.meta["k"] = 42
	return c
}

func main() {
	orig := config{"orig", [3]int{80, 443, 8080}, []string{"a", "b"}, map[string]int{"k": 1}}
	var snap any = orig
	out := mutate(orig)
	fmt.Println(orig.name, orig.ports, orig.tags, orig.meta["k"])
	fmt.Println(out.name, out.ports)
	s := snap.(config)
	fmt.Println(s.name, s.ports, s.tags, s.meta["k"])
	orig.ports[1] = 1
	fmt.Println(snap.(config).ports[1])
	arr := [2]config{orig, orig}
	for _, c := range arr {
		c.ports[2] = 0
	}
	for i := range arr {
		arr[i].ports[2]++
	}
	fmt.Println(arr[0].ports, arr[1].ports)
	pa := &arr
	for _, c := range pa {
		c.name = "x"
	}
	fmt.Println(arr[0].name)
}
