package main

import (
	"fmt"
	"strconv"
)

// Variables of an if statement's init are in scope in every else
// branch; closures made in the branches keep them.
func classify(s string) func() string {
	if n, err := strconv.Atoi(s); err != nil {
		return func() string { return "bad " + strconv.Quote(s) }
	} else if half := n / 2; n%2 == 0 {
		return func() string { return fmt.Sprint("even ", n, " half ", half) }
	} else if sq := n * n; sq > 50 {
		return func() string { return fmt.Sprint("big odd ", n, " sq ", sq, " half ", half) }
	} else {
		return func() string { return fmt.Sprint("odd ", n, " sq ", sq) }
	}
}

func main() {
	var fs []func() string
	for _, s := range []string{"4", "x", "9", "3"} {
		fs = append(fs, classify(s))
	}
	for _, f := range fs {
		fmt.Println(f())
	}
	x := 1
	if x := x + 1; x > 1 {
		x++
		fmt.Println("inner", x)
	}
	fmt.Println("outer", x)
}
