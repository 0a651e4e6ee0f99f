package interp_test

import "testing"

// culab patch 107: a select case's send evaluates its whole value.
func TestSelectSendComputedValue(t *testing.T) {
	src := `package main

import "fmt"

type job struct{ id int }

func main() {
	ch := make(chan int, 10)
	jobs := make(chan job, 1)
	vals := []int{1, 2}
	m := map[string]int{"k": 7}
	select {
	case ch <- vals[1] * 10:
	}
	select {
	case ch <- m["k"] + len(vals):
	}
	select {
	case jobs <- job{vals[0] + 40}:
	default:
	}
	close(ch)
	for v := range ch {
		fmt.Print(v, " ")
	}
	fmt.Println((<-jobs).id)
}
`
	want := "20 9 41\n"
	if got := evalMain(t, src); got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
