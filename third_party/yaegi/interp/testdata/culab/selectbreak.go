// culab patch 85: an unlabeled break in a select case ends the select, and
// a case whose last statement is a break, continue or goto keeps its
// target (a labeled break out of the loop, a continue of the loop).
package main

import "fmt"

func main() {
	ch := make(chan int, 4)
	for i := 1; i <= 4; i++ {
		ch <- i
	}
	n := 0
	for n < 4 {
		n++
		select {
		case v := <-ch:
			if v == 2 {
				break
			}
			fmt.Println("got", v)
		}
	}
	fmt.Println("out", n)

	done := make(chan struct{})
	close(done)
	k := 0
recv:
	for {
		k++
		if k > 3 {
			fmt.Println("stuck")
			return
		}
		select {
		case v := <-ch:
			fmt.Println(v)
		case <-done:
			break recv
		}
	}
	fmt.Println("left at", k)

	ready := make(chan bool, 1)
	ready <- true
	for i := 0; i < 2; i++ {
		select {
		case <-ready:
			fmt.Println("ready")
			continue
		default:
		}
		fmt.Println("after select", i)
	}

	tick := make(chan int, 1)
	tick <- 1
	select {
	case <-tick:
		goto end
	}
	fmt.Println("skipped")
end:
	fmt.Println("end")
}

// Output:
// got 1
// got 3
// got 4
// out 4
// left at 1
// ready
// after select 1
// end
