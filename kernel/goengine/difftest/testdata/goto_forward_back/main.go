package main

import "fmt"

func collatzSteps(n int) (steps int) {
loop:
	if n == 1 {
		goto done
	}
	steps++
	if n%2 == 0 {
		n /= 2
	} else {
		n = 3*n + 1
	}
	goto loop
done:
	return
}

func firstNegative(xs [][]int) (int, int) {
	for i, row := range xs {
		for j, v := range row {
			if v < 0 {
				fmt.Println("found at", i, j)
				goto found
			}
		}
	}
	return -1, -1
found:
	return 1, 1
}

func retry() {
	attempts := 0
again:
	attempts++
	if attempts < 3 {
		fmt.Println("attempt", attempts, "failed")
		goto again
	}
	fmt.Println("succeeded after", attempts)
}

func main() {
	fmt.Println(collatzSteps(27), collatzSteps(1))
	fmt.Println(firstNegative([][]int{{1, 2}, {3, -4}}))
	fmt.Println(firstNegative([][]int{{1}}))
	retry()
	i := 0
	var out []int
next:
	if i < 5 {
		func() { out = append(out, i*i) }()
		i++
		goto next
	}
	fmt.Println(out)
}
