package main

import "fmt"

func main() {
	words := []string{"alpha", "beta", "gamma"}
	var printers []func()
	for i, w := range words {
		printers = append(printers, func() { fmt.Printf("%d:%s\n", i, w) })
	}
	for _, p := range printers {
		p()
	}
}
