package main

import (
	"fmt"
	"strings"
	"unique"
)

type key struct {
	dev  string
	lane int
}

func main() {
	a := unique.Make("sm_90")
	b := unique.Make(strings.ToLower("SM_90"))
	c := unique.Make("sm_80")
	fmt.Println(a == b, a == c, a.Value(), c.Value())
	k1 := unique.Make(key{"gpu0", 3})
	k2 := unique.Make(key{"gpu" + "0", 1 + 2})
	fmt.Println(k1 == k2, k1.Value().lane)
	seen := map[unique.Handle[string]]int{}
	for _, w := range strings.Fields("warp block warp grid block warp") {
		seen[unique.Make(w)]++
	}
	fmt.Println(len(seen), seen[unique.Make("warp")], seen[unique.Make("grid")])
}
