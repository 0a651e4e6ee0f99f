// culab patch 12: range over an integer (Go 1.22).
package main

import "fmt"

type N uint8

func main() {
	for i := range 3 {
		fmt.Print(i, " ")
	}
	fmt.Println()
	n := 4
	for i := range n {
		fmt.Print(i, " ")
		i += 10
		n = 2
	}
	fmt.Println(n)
	for range 2 {
		fmt.Print("x")
	}
	fmt.Println()
	var u N = 3
	for i := range u {
		var back N = i
		fmt.Print(back, " ")
	}
	fmt.Println()
	var fs []func() int
	for i := range 3 {
		fs = append(fs, func() int { return i })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	for i := range -2 {
		fmt.Print(i)
	}
	var i64 int64 = 2
	for i := range i64 {
		fmt.Printf("%T ", i)
	}
	var big uint64 = 1<<63 + 1
	c := 0
	for i := range big {
		if i > 2 {
			break
		}
		c++
	}
	fmt.Println(c)
	var j int
	for j = range 5 {
	}
	fmt.Println(j)
	for i := range len("abc") {
		fmt.Print(i)
	}
	fmt.Println()
}

// Output:
// 0 1 2
// 0 1 2 3 2
// xx
// 0 1 2
// 0 1 2
// int64 int64 3
// 4
// 012
