package interp_test

import "testing"

// culab patch 143: a select case v, ok := <-ch with a computed channel
// operand (chs[i], a call) receives from that channel.
func TestSelectCommaOkComputedChannel(t *testing.T) {
	got := evalMain(t, `package main

import "fmt"

func main() {
	chs := []chan int{make(chan int, 5), make(chan int, 5)}
	chs[1] <- 11
	chs[1] <- 12
	close(chs[1])
	get := func() chan int { return chs[1] }
	i := 1
	var v int
	var ok bool
	select {
	case v, ok = <-chs[i]:
	}
	fmt.Println(v, ok)
	select {
	case w, ok := <-get():
		fmt.Println(w, ok)
	}
	for {
		select {
		case w, ok := <-chs[i]:
			fmt.Println(w, ok)
			if !ok {
				return
			}
		}
	}
}
`)
	if want := "11 true\n12 true\n0 false\n"; got != want {
		t.Errorf("got:\n%swant:\n%s", got, want)
	}
}
