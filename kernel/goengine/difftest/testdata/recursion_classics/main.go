package main

import "fmt"

func hanoi(n int, from, to, via string, moves *[]string) {
	if n == 0 {
		return
	}
	hanoi(n-1, from, via, to, moves)
	*moves = append(*moves, from+to)
	hanoi(n-1, via, to, from, moves)
}

func ackermann(m, n int) int {
	switch {
	case m == 0:
		return n + 1
	case n == 0:
		return ackermann(m-1, 1)
	}
	return ackermann(m-1, ackermann(m, n-1))
}

func permutations(s []rune, k int, out *[]string) {
	if k == len(s) {
		*out = append(*out, string(s))
		return
	}
	for i := k; i < len(s); i++ {
		s[k], s[i] = s[i], s[k]
		permutations(s, k+1, out)
		s[k], s[i] = s[i], s[k]
	}
}

func main() {
	var moves []string
	hanoi(4, "A", "C", "B", &moves)
	fmt.Println(len(moves), moves[:5])
	fmt.Println(ackermann(2, 3), ackermann(3, 3))
	var perms []string
	permutations([]rune("abc"), 0, &perms)
	fmt.Println(perms)
}
