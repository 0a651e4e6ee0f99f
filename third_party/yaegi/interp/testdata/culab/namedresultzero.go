package main

import "fmt"

// culab patch 60: a function's results start at their zero values at
// each call, from a loop too, and through a return of a call.

func digits(n int) (out []int) {
	for ; n > 0; n /= 10 {
		out = append(out, n%10)
	}
	return out
}

func total(xs ...int) (sum int) {
	for _, x := range xs {
		sum += x
	}
	return
}

func forward(n int) (out []int) {
	out = append(out, -1)
	return digits(n)
}

type acc struct{ seen []string }

func (a acc) add(s string) (r acc) {
	r.seen = append(r.seen, s)
	return
}

func main() {
	for _, n := range []int{12, 345} {
		fmt.Println(digits(n))
	}
	for i := 1; i <= 3; i++ {
		fmt.Print(total(i, i), " ")
	}
	fmt.Println()
	for _, n := range []int{7, 89} {
		fmt.Println(forward(n))
	}
	var a acc
	for _, s := range []string{"x", "y"} {
		fmt.Println(a.add(s).seen)
	}
}

// Output:
// [2 1]
// [5 4 3]
// 2 4 6
// [7]
// [9 8]
// [x]
// [y]
