package main

import (
	"fmt"
	"strings"
)

func sum(nums ...int) int {
	t := 0
	for _, n := range nums {
		t += n
	}
	return t
}

func join(sep string, parts ...string) string {
	return fmt.Sprintf("%d parts: %s", len(parts), strings.Join(parts, sep))
}

func modify(nums ...int) { nums[0] = -1 }

func printAll(prefix string, vals ...any) {
	fmt.Println(append([]any{prefix}, vals...)...)
}

func main() {
	fmt.Println(sum(), sum(1), sum(1, 2, 3))
	ns := []int{4, 5, 6}
	fmt.Println(sum(ns...))
	modify(ns...)
	fmt.Println(ns)
	fmt.Println(join("+"), join("+", "a", "b"))
	printAll(">", 1, "two", 3.0, nil)
	fmt.Printf("%T\n", sum)
}
