package main

import "fmt"

func classify(xs []int) (out []string) {
	i := 0
next:
	if i >= len(xs) {
		return
	}
	switch v := xs[i]; {
	case v < 0:
		out = append(out, "neg")
		i++
		goto next
	case v == 0:
		out = append(out, "zero-stop")
		return
	default:
		for j := 0; j < v; j++ {
			if j == 2 {
				out = append(out, "cap")
				i++
				goto next
			}
		}
		out = append(out, fmt.Sprint("pos", v))
	}
	i++
	goto next
}

func main() {
	fmt.Println(classify([]int{-1, 1, 5, 2, 0, 7}))
	ch := make(chan int, 3)
	ch <- 1
	ch <- 2
	ch <- 3
	n := 0
L:
	for {
		select {
		case v := <-ch:
			switch v {
			case 2:
				continue L
			case 3:
				break L
			}
			n += v
		default:
			break L
		}
	}
	fmt.Println(n, len(ch))
}
