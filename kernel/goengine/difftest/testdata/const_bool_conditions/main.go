package main

import "fmt"

const (
	debug   = false
	verbose = true
	level   = 2
)

func log(x int) string {
	switch {
	case debug, level > 3:
		return "trace"
	case verbose && level >= 2, x < 0:
		return "info"
	case !verbose:
		return "quiet"
	}
	return "none"
}

func main() {
	fmt.Println(log(1), log(-1))
	n := 0
	for i := 0; level < 0; i++ {
		n++
		break
	}
	for !verbose {
		n += 10
		break
	}
	fmt.Println("loops ran:", n)
	if level*2 == 4 && !debug {
		fmt.Println("level two")
	}
	if 0.1+0.2 == 0.3 {
		fmt.Println("constants are exact")
	}
	x := 0.1
	if x+0.2 != 0.3 {
		fmt.Println("float64 is not")
	}
	const big = 1 << 70
	switch {
	case big>>68 == 4 && "a" < "b":
		fmt.Println("big constants compare exactly")
	default:
		fmt.Println("wrong")
	}
	results := map[bool]string{1 < 2: "yes", 2 < 1: "no"}
	fmt.Println(results[true], results[false], len(results))
}
