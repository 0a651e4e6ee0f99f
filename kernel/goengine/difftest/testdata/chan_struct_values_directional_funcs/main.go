package main

import "fmt"

type msg struct {
	id   int
	body [2]string
}

func produce(n int) <-chan msg {
	out := make(chan msg)
	go func() {
		defer close(out)
		for i := 0; i < n; i++ {
			out <- msg{i, [2]string{"h", fmt.Sprint(i)}}
		}
	}()
	return out
}

func transform(in <-chan msg, out chan<- msg) {
	for m := range in {
		m.body[0] = "T"
		out <- m
	}
	close(out)
}

func main() {
	out := make(chan msg, 1)
	go transform(produce(3), out)
	for m := range out {
		fmt.Println(m.id, m.body)
	}
	orig := msg{9, [2]string{"a", "b"}}
	c := make(chan msg, 1)
	c <- orig
	orig.body[1] = "changed"
	got := <-c
	fmt.Println(got.body, orig.body)
	pc := make(chan *msg, 1)
	pc <- &orig
	orig.id = 10
	fmt.Println((<-pc).id)
	var bidir chan int = make(chan int)
	var send chan<- int = bidir
	var recv <-chan int = bidir
	go func() { send <- 42 }()
	fmt.Println(<-recv, send == bidir, recv == bidir)
	fc := make(chan func() int, 2)
	for i := 0; i < 2; i++ {
		fc <- func() int { return i * 10 }
	}
	fmt.Println((<-fc)(), (<-fc)())
}
