package main

import "fmt"

func gen(prefix string, n int) <-chan string {
	ch := make(chan string)
	go func() {
		defer close(ch)
		for i := 0; i < n; i++ {
			ch <- fmt.Sprint(prefix, i)
		}
	}()
	return ch
}

func main() {
	a, b := gen("a", 3), gen("b", 2)
	counts := map[string]int{}
	last := map[string]string{}
	for a != nil || b != nil {
		select {
		case v, ok := <-a:
			if !ok {
				a = nil
				continue
			}
			counts["a"]++
			last["a"] = v
		case v, ok := <-b:
			if !ok {
				b = nil
				continue
			}
			counts["b"]++
			last["b"] = v
		}
	}
	fmt.Println(counts, last)
	results := make(chan int, 10)
	done := make(chan struct{})
	go func() {
		sum := 0
		for v := range results {
			sum += v
		}
		fmt.Println("sum", sum)
		close(done)
	}()
	for i := 1; i <= 10; i++ {
		results <- i
	}
	close(results)
	<-done
}
