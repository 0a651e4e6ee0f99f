package main

import "fmt"

func main() {
	ch := make(chan int, 3)
	sent, dropped := 0, 0
	for i := range 5 {
		select {
		case ch <- i:
			sent++
		default:
			dropped++
		}
	}
	fmt.Println("sent", sent, "dropped", dropped, "len", len(ch))
	close(ch)
	for {
		select {
		case v, ok := <-ch:
			if !ok {
				fmt.Println("closed")
				goto done
			}
			fmt.Println("got", v)
		default:
			fmt.Println("never: a closed channel is always ready")
		}
	}
done:
	var nilCh chan int
	select {
	case v := <-nilCh:
		fmt.Println("impossible", v)
	default:
		fmt.Println("nil channel blocks; default runs")
	}
}
