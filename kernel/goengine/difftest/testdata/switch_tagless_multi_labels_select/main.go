package main

import "fmt"

func main() {
	ch := make(chan int, 5)
	for i := range 5 {
		ch <- i
	}
	close(ch)
	var got []string
loop:
	for {
		select {
		case v, ok := <-ch:
			switch {
			case !ok:
				break loop
			case v == 1, v == 3:
				got = append(got, fmt.Sprint("odd", v))
				continue loop
			case v == 0, v > 3:
				got = append(got, fmt.Sprint("edge", v))
				if v > 3 {
					break
				}
				fallthrough
			default:
				got = append(got, fmt.Sprint("mid", v))
			}
		}
	}
	fmt.Println(got)
}
