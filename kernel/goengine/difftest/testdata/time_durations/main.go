package main

import (
	"fmt"
	"time"
)

func main() {
	ds := []time.Duration{0, 1, 1500 * time.Microsecond, 90 * time.Second, 26*time.Hour + 3*time.Minute + 4*time.Second + 5*time.Millisecond, -2 * time.Minute}
	for _, d := range ds {
		fmt.Println(d, d.Seconds(), d.Milliseconds())
	}
	d := 3723500 * time.Millisecond
	fmt.Println(d.Round(time.Second), d.Truncate(time.Minute), d.Hours(), d.Minutes())
	p, err := time.ParseDuration("1h15m30.5s")
	fmt.Println(p, err, p.Nanoseconds())
	_, err = time.ParseDuration("ten seconds")
	fmt.Println(err)
	fmt.Printf("%v %d %s\n", time.Second, time.Millisecond, []time.Duration{time.Hour, time.Nanosecond})
}
