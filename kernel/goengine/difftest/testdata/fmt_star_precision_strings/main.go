package main

import "fmt"

func main() {
	names := []string{"saxpy", "reduce_warp", "gemm"}
	w := 0
	for _, n := range names {
		w = max(w, len(n))
	}
	for i, n := range names {
		fmt.Printf("|%-*s|%*d|%.*s|\n", w, n, 4, i*100, 3, n)
	}
	fmt.Printf("%*.*f|\n", 10, 3, 3.14159)
	fmt.Printf("%-*.*f|\n", 10, 1, 2.75)
	fmt.Printf("%[2]*[1]d|%[3]*[1]d|\n", 7, 5, -5)
	fmt.Printf("%.*d|%.0d|%.0d|\n", 5, 42, 0, 7)
	fmt.Printf("%*d|\n", "x", 3)
	fmt.Printf("%.*s|\n", -1, "abc")
	fmt.Printf("%8.3q|%-8.2x|\n", "héllo", "héllo")
	fmt.Printf("%6.2v|%6v|\n", 3.14159, []int{1, 2})
	fmt.Printf("%05s|%-05d|%+05d|\n", "ab", 42, 42)
}
