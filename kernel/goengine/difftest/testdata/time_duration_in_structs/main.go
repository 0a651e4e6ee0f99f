package main

import (
	"fmt"
	"time"
)

type job struct {
	Name    string
	Timeout time.Duration
}

type timeouts []time.Duration

func main() {
	j := job{"build", 90 * time.Second}
	fmt.Println(j)
	fmt.Printf("%v %+v\n", j, j)
	fmt.Println([]job{{"a", time.Millisecond}, {"b", 1500 * time.Microsecond}})
	ts := timeouts{time.Hour + time.Minute, 0, -time.Nanosecond}
	fmt.Println(ts)
	m := map[string]time.Duration{"x": 2 * time.Minute}
	fmt.Println(m)
	var a any = j.Timeout
	fmt.Println(a, a.(fmt.Stringer).String())
	fmt.Printf("%d %s %.1f\n", j.Timeout, j.Timeout, j.Timeout.Minutes())
	n := 3
	fmt.Println(time.Duration(n)*time.Second, time.Duration(1.5*float64(time.Second)))
	d := 3723500 * time.Millisecond
	fmt.Println(d.Round(time.Second), d.Truncate(time.Minute), d.Round(time.Hour))
}
