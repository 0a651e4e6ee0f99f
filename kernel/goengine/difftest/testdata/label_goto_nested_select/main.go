package main

import "fmt"

func main() {
	c := make(chan int, 10)
	for i := 0; i < 10; i++ {
		c <- i
	}
	sum := 0
outer:
	for {
		select {
		case v := <-c:
			switch {
			case v%2 == 0:
				continue outer
			case v > 6:
				break outer
			}
			sum += v
		}
	}
	fmt.Println("sum", sum, len(c))
	count := 0
rows:
	for i := 0; i < 4; i++ {
	cols:
		for j := 0; j < 4; j++ {
			for k := 0; k < 4; k++ {
				if k > j {
					continue cols
				}
				if i+j+k > 6 {
					break rows
				}
				if j == 3 && k == 0 {
					continue rows
				}
				count++
			}
		}
	}
	fmt.Println("count", count)
	i := 0
	n := 0
loop:
	if i < 5 {
		i++
		if i == 3 {
			goto loop
		}
		n += i
		goto loop
	}
	fmt.Println(i, n)
	words := []string{"a", "bb", "", "ccc"}
	var out []string
scan:
	for idx, w := range words {
		switch w {
		case "":
			break scan
		default:
			out = append(out, fmt.Sprint(idx, w))
		}
	}
	fmt.Println(out)
}
