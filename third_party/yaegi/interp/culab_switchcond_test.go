package interp_test

import "testing"

// culab patch 104: a case of a switch without a tag tests each of its
// conditions, in order, up to the first that holds.
func TestTaglessSwitchSeveralConditions(t *testing.T) {
	src := `package main

import "fmt"

var trace []string

func is(name string, v bool) bool {
	trace = append(trace, name)
	return v
}

func kind(r rune) string {
	switch {
	case r >= '0' && r <= '9':
		return "digit"
	case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		return "ident"
	}
	return "other"
}

func main() {
	for _, r := range "a_9Z #" {
		fmt.Print(kind(r), " ")
	}
	fmt.Println()
	switch x := 3; {
	case is("a", x > 5), is("b", x == 3), is("c", true):
		fmt.Println("second", trace)
		fallthrough
	case is("d", false), is("e", false):
		fmt.Println("fell through", trace)
	default:
		fmt.Println("default")
	}
	trace = nil
	switch {
	case is("f", false), is("g", false):
		fmt.Println("no")
	default:
		fmt.Println("default", trace)
	}
}
`
	want := "ident ident digit ident other other \nsecond [a b]\nfell through [a b]\ndefault [f g]\n"
	if got := evalMain(t, src); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
