package interp_test

import "testing"

// culab patch 108: a switch with an init statement evaluates its tag.
func TestSwitchInitTag(t *testing.T) {
	src := `package main

import "fmt"

func dbl(i int) int { return i * 2 }

func main() {
	ops := map[string]func(int) int{"dbl": dbl}
	switch f := ops["dbl"]; f(3) {
	case 6:
		fmt.Println("call")
	default:
		fmt.Println("missed")
	}
	switch n := 3; n * 2 {
	case 6:
		fmt.Println("product")
	}
	switch s := []int{7}; s[0] {
	case 7:
		fmt.Println("index")
	}
	switch x := 4; dbl(x) > 5 {
	case true:
		fmt.Println("comparison")
	}
}
`
	want := "call\nproduct\nindex\ncomparison\n"
	if got := evalMain(t, src); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
